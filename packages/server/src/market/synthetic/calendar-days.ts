const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks that `dates` are `YYYY-MM-DD` strings in strictly increasing order. */
export function assertSessionDates(dates: readonly string[]): void {
  for (let i = 0; i < dates.length; i++) {
    const d = dates[i]!;
    const t = Date.parse(`${d}T00:00:00Z`);
    // The round trip rejects dates such as 2024-02-30 that Date.parse would roll over.
    if (!DATE.test(d) || Number.isNaN(t) || !new Date(t).toISOString().startsWith(d)) {
      throw new RangeError(`session ${i} is not a YYYY-MM-DD date: ${JSON.stringify(d)}`);
    }
    if (i > 0 && d <= dates[i - 1]!) throw new RangeError(`sessions must increase strictly (at ${d})`);
  }
}

/** Every calendar date from `first` to `last` inclusive: the sessions of the 24/7 calendar. */
export function everyDay(first: string, last: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
