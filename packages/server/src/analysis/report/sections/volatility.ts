import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { last, num, section } from './section.js';

/** Annualised standard deviation (ddof 1) of the last `bars` log returns. */
function realisedVolatility(close: Float64Array, bars: number): number {
  const n = close.length;
  if (n <= bars) return Number.NaN;
  let sum = 0;
  let sq = 0;
  for (let i = n - bars; i < n; i++) {
    const r = Math.log((close[i] as number) / (close[i - 1] as number));
    sum += r;
    sq += r * r;
  }
  const mean = sum / bars;
  return Math.sqrt(((sq - bars * mean * mean) / (bars - 1)) * 252);
}

/** ATR, realised volatility now against the year, and Bollinger band width. */
export function volatilitySection(input: ReportInput) {
  const s = input.series;
  const close = last(s.close);
  const atr = last(indicator(s, 'atr', { period: 14 }).atr);
  const bb = indicator(s, 'bbands', { period: 20, nbdev_up: 2, nbdev_dn: 2, ma_type: 'sma' });
  const width = (last(bb.upper) - last(bb.lower)) / last(bb.middle);
  const vol21 = realisedVolatility(s.close, 21);
  const vol252 = realisedVolatility(s.close, 252);
  const regime = vol21 > vol252 * 1.25 ? 'elevated' : vol21 < vol252 * 0.8 ? 'compressed' : 'normal';
  const narrative =
    `A typical day's range (ATR 14) is ${atr.toFixed(2)}, ${((atr / close) * 100).toFixed(1)} % of price; ` +
    `one-month realised volatility is ${(vol21 * 100).toFixed(1)} % annualised against ${(vol252 * 100).toFixed(1)} % over the year (${regime}).`;
  return section(
    input,
    { atr_period: 14, bbands: { period: 20, nbdev: 2 }, realised: 'log returns, ddof 1, × √252' },
    {
      regime,
      atr_14: num(atr),
      atr_pct: num(atr / close),
      realised_vol_21: num(vol21),
      realised_vol_252: num(vol252),
      bollinger_width: num(width),
    },
    narrative,
  );
}
