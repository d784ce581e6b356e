import { TickMarkType, type Time } from 'lightweight-charts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Year, month (1–12) and day of a chart time: a `YYYY-MM-DD` string, a business day or UTC seconds. */
function dayOf(time: Time): { year: number; month: number; day: number } | undefined {
  if (typeof time === 'object') return time;
  const d = typeof time === 'number' ? new Date(time * 1000) : new Date(`${time}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The time axis's tick labels, each naming its month: `13 Nov` for a day, `Nov` for a month, `Jan 2026`
 * for a year. The library's default writes days as bare numbers, so a chart ending mid-month ended on a
 * `13` that could be any month. Times of day keep the library's format (null).
 */
export function tickLabel(time: Time, type: TickMarkType): string | null {
  const d = dayOf(time);
  const month = d === undefined ? undefined : MONTHS[d.month - 1];
  if (d === undefined || month === undefined) return null;
  switch (type) {
    case TickMarkType.Year:
      return `${month} ${d.year}`;
    case TickMarkType.Month:
      return month;
    case TickMarkType.DayOfMonth:
      return `${d.day} ${month}`;
    default:
      return null;
  }
}
