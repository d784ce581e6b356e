import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { last, num, pct, price, section } from './section.js';

export type TrendRegime = 'uptrend' | 'downtrend' | 'range';

const SLOPE_BARS = 20;

/** Moving-average structure, the 50-day slope and ADX: the direction and strength of the trend. */
export function trendSection(input: ReportInput) {
  const s = input.series;
  const close = last(s.close);
  const sma50 = indicator(s, 'sma', { period: 50 }).sma as Float64Array;
  const sma200 = indicator(s, 'sma', { period: 200 }).sma as Float64Array;
  const adx = last(indicator(s, 'adx', { period: 14 }).adx);
  const s50 = last(sma50);
  const s200 = last(sma200);
  const n = sma50.length;
  const slope = n > SLOPE_BARS ? s50 / (sma50[n - 1 - SLOPE_BARS] as number) - 1 : Number.NaN;
  const regime: TrendRegime =
    close > s50 && s50 > s200 && slope > 0
      ? 'uptrend'
      : close < s50 && s50 < s200 && slope < 0
        ? 'downtrend'
        : 'range';
  const strength = adx >= 25 ? 'strong' : adx >= 20 ? 'moderate' : 'weak';
  const narrative =
    `The close (${price(close)}) is ${close > s50 ? 'above' : 'below'} its 50-day average (${price(s50)}) and ` +
    `${close > s200 ? 'above' : 'below'} its 200-day average (${price(s200)}); the 50-day average moved ${pct(slope)} ` +
    `over ${SLOPE_BARS} sessions and ADX(14) is ${adx.toFixed(1)} (${strength}): ${regime === 'range' ? 'no clear trend' : `an ${regime}`}.`;
  return section(
    input,
    { sma_fast: 50, sma_slow: 200, slope_bars: SLOPE_BARS, adx_period: 14 },
    {
      regime,
      strength,
      close,
      sma_50: num(s50),
      sma_200: num(s200),
      sma_50_slope: num(slope),
      adx_14: num(adx),
    },
    narrative,
  );
}
