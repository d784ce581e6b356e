import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLGAPSIDESIDEWHITE_Lookback for these settings. */
export function cdlgapsidesidewhiteLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.near.avgPeriod, s.equal.avgPeriod) + 2;
}

/**
 * Up/Down-gap side-by-side white lines (ta_CDLGAPSIDESIDEWHITE.c): two white candles of near-equal size
 * opening at (almost) the same price, both gapping away from the candle before → +100 for an up gap, −100
 * for a down gap. Confidence: how near the bodies (near) and how equal the opens (equal) are.
 */
export function cdlgapsidesidewhite(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlgapsidesidewhiteLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o } = k;
  const nrAvg = new CandleAverage(k, s.near, 1, start);
  const eqAvg = new CandleAverage(k, s.equal, 1, start);
  for (let i = start; i < k.length; i++) {
    const nr = nrAvg.threshold(i - 1);
    const eq = eqAvg.threshold(i - 1);
    if (
      ((k.bodyGapUp(i - 1, i - 2) && k.bodyGapUp(i, i - 2)) ||
        (k.bodyGapDown(i - 1, i - 2) && k.bodyGapDown(i, i - 2))) &&
      k.color(i - 1) === 1 &&
      k.color(i) === 1 &&
      k.body(i) >= k.body(i - 1) - nr &&
      k.body(i) <= k.body(i - 1) + nr &&
      o[i]! >= o[i - 1]! - eq &&
      o[i]! <= o[i - 1]! + eq
    ) {
      out.signal[i] = k.bodyGapUp(i - 1, i - 2) ? 100 : -100;
      out.confidence[i] = meanScore(
        under(Math.abs(k.body(i) - k.body(i - 1)), nr),
        under(Math.abs(o[i]! - o[i - 1]!), eq),
      );
    }
    nrAvg.advance(i);
    eqAvg.advance(i);
  }
  return out;
}

export const CDLGAPSIDESIDEWHITE: CandlestickPattern = {
  code: 'cdlgapsidesidewhite',
  name: 'Up/Down-gap side-by-side white lines',
  description: 'Two similar white candles side by side after a gap (+100 up gap, −100 down gap).',
  settings: ['near', 'equal'],
  lookback: cdlgapsidesidewhiteLookback,
  detect: (k, s) => cdlgapsidesidewhite(k, s),
};
