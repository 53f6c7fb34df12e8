// Update status in words, without Svelte: what the banner and Account say.
import type { UpdateState, UpdatesOffReason } from './backend';
import type { MessageKey } from './i18n/en';

/** Percent of a download, or null while its size is unknown. */
export function downloadPercent(received: number, total: number | null): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, Math.floor((received / total) * 100));
}

const OFF_KEYS: Record<UpdatesOffReason, MessageKey> = {
  setting: 'updates.off.setting',
  policy: 'updates.off.policy',
  demo: 'updates.off.demo',
  not_configured: 'updates.off.notConfigured',
};

export function offKey(reason: UpdatesOffReason): MessageKey {
  return OFF_KEYS[reason];
}

/** The key of the state's line on Account (the failure's own words come from its code). */
export function stateKey(s: UpdateState): MessageKey {
  switch (s.state) {
    case 'idle':
      return 'updates.state.idle';
    case 'checking':
      return 'updates.state.checking';
    case 'up_to_date':
      return 'updates.state.upToDate';
    case 'downloading':
      return 'updates.state.downloading';
    case 'ready':
      return 'updates.state.ready';
    case 'failed':
      return 'updates.state.failed';
  }
}

/** Whether the banner shows: a download under way or a version ready. */
export function bannerShown(s: UpdateState | undefined): boolean {
  return s?.state === 'downloading' || s?.state === 'ready';
}
