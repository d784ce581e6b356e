const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar date written YYYY-MM-DD, from 1800 on: no market data is older, and calendar
 * arithmetic (`Date.UTC`) reads the years 0–99 as 1900–1999.
 */
export function validDate(s: string): boolean {
  if (!DATE.test(s) || s < '1800') return false;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
