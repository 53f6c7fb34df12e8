// The issued-date range of the invitation list, as the service's filters.
import { localDayEnd, localDayStart } from '../../format';

/**
 * `issued_after` / `issued_before` for local calendar days from `<input type=date>` values
 * (YYYY-MM-DD, empty when not set). Both are strict on the service, so the range covers the
 * whole of both days: after the instant before `from` begins, before the instant after `to` ends.
 */
export function issuedRange(
  from: string,
  to: string,
): { issued_after?: string; issued_before?: string } {
  const out: { issued_after?: string; issued_before?: string } = {};
  if (from)
    out.issued_after = new Date(new Date(localDayStart(from)).getTime() - 1000).toISOString();
  if (to) out.issued_before = new Date(new Date(localDayEnd(to)).getTime() + 1).toISOString();
  return out;
}
