// Japanese words of offline reading: the same keys as offline.en.ts (the type checks it),
// merged into ja.ts.
import type { OfflineMessageKey } from './offline.en';

export const offlineJa: Record<OfflineMessageKey, string> = {
  'offline.banner': 'オフラインです。{time} 時点のデータを表示しています。変更はできません。',
  'offline.retry': '再接続',
};
