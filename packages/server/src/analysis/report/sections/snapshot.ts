import type { ReportInput } from '../report-input.js';
import { num, pct, price, section } from './section.js';

const WEEK = 5;
const MONTH = 21;
const YEAR = 252;

function change(close: Float64Array, bars: number): number {
  const n = close.length;
  return n > bars ? (close[n - 1] as number) / (close[n - 1 - bars] as number) - 1 : Number.NaN;
}

/** Last close, changes over 1d/1w/1m/YTD and the 52-week range. */
export function snapshotSection(input: ReportInput) {
  const { close, high, low, dates } = input.series;
  const n = close.length;
  const lastClose = close[n - 1] as number;
  const year = (dates[n - 1] as string).slice(0, 4);
  const priorYearEnd = dates.findLastIndex((d) => d.slice(0, 4) < year);
  const ytd = priorYearEnd < 0 ? Number.NaN : lastClose / (close[priorYearEnd] as number) - 1;
  let hi = Number.NEGATIVE_INFINITY;
  let lo = Number.POSITIVE_INFINITY;
  for (let i = Math.max(0, n - YEAR); i < n; i++) {
    hi = Math.max(hi, high[i] as number);
    lo = Math.min(lo, low[i] as number);
  }
  const position = hi > lo ? (lastClose - lo) / (hi - lo) : Number.NaN;
  const d1 = change(close, 1);
  const m1 = change(close, MONTH);
  const narrative =
    `${input.ticker} closed at ${price(lastClose)} on ${dates[n - 1]}, ${pct(d1)} on the day and ${pct(m1)} over a month; ` +
    `it sits ${Math.round(position * 100)} % of the way up its 52-week range (${price(lo)}–${price(hi)}).`;
  return section(
    input,
    { week_bars: WEEK, month_bars: MONTH, year_bars: YEAR, changes: 'simple, close to close' },
    {
      last_close: lastClose,
      last_date: dates[n - 1] as string,
      change: { d1: num(d1), w1: num(change(close, WEEK)), m1: num(m1), ytd: num(ytd) },
      range_52w: { high: hi, low: lo, position: num(position) },
    },
    narrative,
  );
}
