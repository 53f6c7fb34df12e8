// Japanese words of the first-run path and the switcher: the same keys as setup.en.ts (the type
// checks it), merged into ja.ts.
import type { SetupMessageKey } from './setup.en';

export const setupJa: Record<SetupMessageKey, string> = {
  'setup.title': 'はじめに',
  'setup.progress': '手順 {n}／3',
  'setup.step.connect': 'サービスに接続',
  'setup.step.signIn': 'サインイン',
  'setup.step.org': '組織を選択',
  'setup.done': '完了',
  'setup.why.connect':
    '{screen}を使うには、サービスへの接続が必要です。下で接続を追加するか、デモをお試しください。',
  'setup.why.signIn':
    '{screen}を使うには、サインインが必要です。先にこちらでサインインしてください。',
  'setup.why.org': '{screen}は組織ごとの画面です。先にこちらで組織を選択してください。',
  'setup.switcher.label': '接続と組織',
  'setup.switcher.open': '接続・組織を切り替える',
  'setup.switcher.org': '別の組織を選択',
  'setup.switcher.connections': '接続先',
  'setup.switcher.signIn': 'サインイン',
  'error.details': '詳細',
};
