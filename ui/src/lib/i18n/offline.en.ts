// English words of offline reading (the banner shown when the service cannot be reached and
// the lists come from what was kept), merged into en.ts. Every key must exist in
// offline.ja.ts too (the type checks it).
export const offlineEn = {
  'offline.banner': 'Offline — showing data as of {time}; changes are disabled.',
  'offline.retry': 'Try again',
};

export type OfflineMessageKey = keyof typeof offlineEn;
