import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLBREAKAWAY_Lookback for these settings. */
export function cdlbreakawayLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyLong.avgPeriod + 4;
}

/**
 * Breakaway (ta_CDLBREAKAWAY.c): five candles: a long one, a same-colour candle gapping away, two more
 * extending the move, then an opposite candle closing inside the gap → ±100 (sign of the 5th). Confidence:
 * bodyLong of the 1st candle.
 */
export function cdlbreakaway(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlbreakawayLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, low: l, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 4, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 4);
    if (
      k.body(i - 4) > bl &&
      k.color(i - 4) === k.color(i - 3) &&
      k.color(i - 3) === k.color(i - 1) &&
      k.color(i - 1) === -k.color(i) &&
      ((k.color(i - 4) === -1 &&
        k.bodyGapDown(i - 3, i - 4) &&
        h[i - 2]! < h[i - 3]! &&
        l[i - 2]! < l[i - 3]! &&
        h[i - 1]! < h[i - 2]! &&
        l[i - 1]! < l[i - 2]! &&
        c[i]! > o[i - 3]! &&
        c[i]! < c[i - 4]!) ||
        (k.color(i - 4) === 1 &&
          k.bodyGapUp(i - 3, i - 4) &&
          h[i - 2]! > h[i - 3]! &&
          l[i - 2]! > l[i - 3]! &&
          h[i - 1]! > h[i - 2]! &&
          l[i - 1]! > l[i - 2]! &&
          c[i]! < o[i - 3]! &&
          c[i]! > c[i - 4]!))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = exceeds(k.body(i - 4), bl);
    }
    blAvg.advance(i);
  }
  return out;
}

export const CDLBREAKAWAY: CandlestickPattern = {
  code: 'cdlbreakaway',
  name: 'Breakaway',
  description: 'Five-candle reversal closing back into the initial gap (sign of the fifth candle).',
  settings: ['bodyLong'],
  lookback: cdlbreakawayLookback,
  detect: (k, s) => cdlbreakaway(k, s),
};
