// Japanese words of the desktop shell's settings: the same keys as shell.en.ts (the type
// checks it), merged into ja.ts.
import type { ShellMessageKey } from './shell.en';

export const shellJa: Record<ShellMessageKey, string> = {
  'shell.title': 'バックグラウンドでの見守り',
  'shell.keepInTray': 'ウィンドウを閉じてもタスクトレイで見守りを続ける',
  'shell.keepInTrayHint':
    'オフの場合、ウィンドウを閉じると Lockdesk は終了します。オンの場合、ウィンドウは非表示になり、タスクトレイのアイコンが残ります。終了するにはアイコンのメニューから「終了」を選択してください。',
};
