/**
 * An instant as Bellwether writes every timestamp it shows — API answers, events, webhook payloads,
 * reports, the dashboard, the CLI's JSON: ISO-8601 in UTC with `Z` and whole seconds (issue #26: one
 * precision everywhere). Storage keeps milliseconds where ordering needs them (leases, retry times);
 * this is applied where a value leaves for a reader.
 */
export function iso(at: Date | string | number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `iso`, passing `null` (never set) through. */
export function isoOrNull(at: string | null): string | null {
  return at === null ? null : iso(at);
}
