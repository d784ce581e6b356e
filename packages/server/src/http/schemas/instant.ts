import { validDate } from '../../clock/valid-date.js';

/** An RFC 3339 instant: a real date, a real time, and a zone (`Z` or an offset), never local time. */
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * Epoch milliseconds of an RFC 3339 instant whose date is real and from 1800 on (see `validDate`), or
 * undefined: `2026-02-30T00:00:00Z` does not roll into March, a zoneless time is not read in the
 * server's zone, and extended years (`-271821-04-20T00:00:00Z`) never reach calendar arithmetic.
 */
export function parseInstantParam(s: string): number | undefined {
  const m = INSTANT.exec(s);
  if (m === null || !validDate(m[1] as string)) return undefined;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : undefined;
}
