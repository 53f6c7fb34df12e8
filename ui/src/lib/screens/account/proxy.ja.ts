// Japanese words of the proxy's user name and password: the same keys as proxy.en.ts (the type
// checks it), merged into ja.ts.
import type { ProxyMessageKey } from './proxy.en';

export const proxyJa: Record<ProxyMessageKey, string> = {
  'proxy.title': '社内プロキシ',
  'proxy.intro':
    'このコンピューターとサービスの間のプロキシがユーザー名とパスワードを求める場合は、ここに入力してください。Lockdesk がプロキシで確認し、システムのキーチェーンに保存します。',
  'proxy.user': 'プロキシのユーザー名',
  'proxy.password': 'プロキシのパスワード',
  'proxy.save': '確認して保存',
  'proxy.forget': '保存したパスワードを削除',
  'proxy.saved':
    'プロキシ {proxy} がユーザー名とパスワードを受け付けました。システムのキーチェーンに保存しました。',
  'proxy.forgotten': 'プロキシ {proxy} のユーザー名とパスワードを削除しました。',
};
