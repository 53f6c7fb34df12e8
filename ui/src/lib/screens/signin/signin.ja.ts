// Japanese words of the Sign in screen (the sign-in, and history's own sign-in, v2): the same keys
// as signin.en.ts (the type checks it), merged into ja.ts.
import type { SignInMessageKey } from './signin.en';

export const signInJa: Record<SignInMessageKey, string> = {
  'signIn.title': 'サインイン',
  'signIn.lead':
    'サービスのマネージャーまたはスーパーマネージャーのアカウントでサインインします。Lockdesk がサインインページを開き、戻り先を受け取ります。',
  'signIn.open': 'サインインページを開く',
  'signIn.opening': 'サインインの完了を待っています…',
  'signIn.cancel': 'サインインを中止',
  'signIn.browserNote': '新しいタブで開きます。移動先のアドレスをここに貼り付けてください。',
  'signIn.paste': 'または移動先のアドレスを貼り付け',
  'signIn.pastePlaceholder': 'https://…?code=…',
  'signIn.complete': 'サインインを完了',
  'signIn.done': '{application} としてサインインしました。',
  'signIn.v2Title': '履歴用サインイン（v2）',
  'signIn.v2Lead':
    '入退室履歴は旧 v2 インターフェースから取得し、別にサインインが必要です。有効期間は 2 時間です。',
  'signIn.v2Expired': '履歴用サインインの有効期限が切れました。有効期間は 2 時間です。',
  'signIn.v2ValidUntil': '履歴用サインインは {time} まで有効です。',
  'signIn.noProfile': '先に接続を選ぶか追加してください。',
};
