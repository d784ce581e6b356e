import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { num, section } from './section.js';

const CHART_BARS = 252;

/** The series the report viewer draws: a year of OHLCV with the 50/200-day averages and Bollinger bands. */
export function chartSection(input: ReportInput) {
  const s = input.series;
  const n = s.close.length;
  const from = Math.max(0, n - CHART_BARS);
  const sma50 = indicator(s, 'sma', { period: 50 }).sma as Float64Array;
  const sma200 = indicator(s, 'sma', { period: 200 }).sma as Float64Array;
  const bb = indicator(s, 'bbands', { period: 20, nbdev_up: 2, nbdev_dn: 2, ma_type: 'sma' });
  const slice = (xs: Float64Array) => Array.from(xs.subarray(from), (x) => num(x));
  return section(
    input,
    { bars: n - from, overlays: ['sma(50)', 'sma(200)', 'bbands(20,2,2)'] },
    {
      dates: s.dates.slice(from),
      open: slice(s.open),
      high: slice(s.high),
      low: slice(s.low),
      close: slice(s.close),
      volume: slice(s.volume),
      overlays: {
        sma_50: slice(sma50),
        sma_200: slice(sma200),
        bb_upper: slice(bb.upper as Float64Array),
        bb_middle: slice(bb.middle as Float64Array),
        bb_lower: slice(bb.lower as Float64Array),
      },
    },
    `${n - from} sessions to ${s.dates[n - 1]} with the 50- and 200-day averages and 20-day Bollinger bands.`,
  );
}
