import { REGIME_SLOPE_BARS, regimeWithArticle, trendRegime, trendStrength } from '@bellwether/analytics';
import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { last, num, pct, price, section } from './section.js';

const SLOPE_BARS = 20;

/**
 * Moving-average structure and ADX: the trend's direction by the one classifier cards and the feed use
 * (close vs the 200-day average, that average's direction, the 20- vs 50-day EMA) and its strength by ADX.
 */
export function trendSection(input: ReportInput) {
  const s = input.series;
  const close = last(s.close);
  const sma50 = indicator(s, 'sma', { period: 50 }).sma as Float64Array;
  const sma200 = indicator(s, 'sma', { period: 200 }).sma as Float64Array;
  const ema20 = last(indicator(s, 'ema', { period: 20 }).ema);
  const ema50 = last(indicator(s, 'ema', { period: 50 }).ema);
  const adx = last(indicator(s, 'adx', { period: 14 }).adx);
  const s50 = last(sma50);
  const s200 = last(sma200);
  const n = sma50.length;
  const slope = n > SLOPE_BARS ? s50 / (sma50[n - 1 - SLOPE_BARS] as number) - 1 : Number.NaN;
  const s200Before = n > REGIME_SLOPE_BARS ? (sma200[n - 1 - REGIME_SLOPE_BARS] as number) : Number.NaN;
  const slope200 = s200 / s200Before - 1;
  const regime = trendRegime({ close, sma200: s200, sma200Before: s200Before, ema20, ema50 });
  const strength = trendStrength(adx);
  const verdict =
    regime === 'range'
      ? `no clear trend${strength === 'weak' ? '' : `, though prices move with ${strength} directional strength`}`
      : `${regimeWithArticle(regime)}${strength === 'weak' ? ' with little strength' : `, ${strength}`}`;
  const narrative =
    `The close (${price(close)}) is ${close > s200 ? 'above' : 'below'} its 200-day average (${price(s200)}), which moved ${pct(slope200)} ` +
    `over ${REGIME_SLOPE_BARS} sessions; the 20-day EMA (${price(ema20)}) is ${ema20 > ema50 ? 'above' : 'below'} the 50-day (${price(ema50)}) ` +
    `and ADX(14) is ${adx.toFixed(1)} (${strength}): ${verdict}.`;
  return section(
    input,
    { sma_fast: 50, sma_slow: 200, ema_fast: 20, ema_slow: 50, slope_bars: SLOPE_BARS, adx_period: 14 },
    {
      regime,
      strength,
      close,
      sma_50: num(s50),
      sma_200: num(s200),
      sma_50_slope: num(slope),
      sma_200_slope: num(slope200),
      ema_20: num(ema20),
      ema_50: num(ema50),
      adx_14: num(adx),
    },
    narrative,
  );
}
