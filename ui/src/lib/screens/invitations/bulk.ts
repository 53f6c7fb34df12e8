// Words and tallies for bulk-invitation rows and results.
import type { InviteOutcome, InviteRowStatus, InviteResult } from '../../backend';
import type { MessageKey } from '../../i18n/en';

export function rowStatusKey(s: InviteRowStatus): MessageKey {
  switch (s) {
    case 'ready':
      return 'invites.result.pending';
    case 'invalid':
      return 'invites.result.invalid';
    case 'duplicate':
      return 'bulk.problem.duplicate';
    case 'already_invited':
    case 'already_user':
      return 'invites.result.already';
  }
}

export function outcomeKey(o: InviteOutcome): MessageKey {
  switch (o) {
    case 'invited':
      return 'invites.result.sent';
    case 'already_invited':
    case 'already_user':
      return 'invites.result.already';
    case 'invalid':
      return 'invites.result.invalid';
    case 'duplicate':
      return 'bulk.problem.duplicate';
    case 'failed':
      return 'invites.result.failed';
    case 'limit_reached':
    case 'not_attempted':
      return 'invites.result.notSent';
  }
}

export function tally(results: InviteResult[]): { sent: number; skipped: number; failed: number } {
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const r of results) {
    if (r.outcome === 'invited') sent++;
    else if (r.outcome === 'already_invited' || r.outcome === 'already_user') skipped++;
    else if (r.outcome === 'failed' || r.outcome === 'limit_reached') failed++;
  }
  return { sent, skipped, failed };
}

export function isCsvFile(name: string, type: string): boolean {
  return /\.(csv|txt)$/i.test(name) || type === 'text/csv' || type === 'text/plain';
}
