import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDL3LINESTRIKE_Lookback for these settings. */
export function cdl3linestrikeLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.near.avgPeriod + 3;
}

/**
 * Three-Line Strike (ta_CDL3LINESTRIKE.c): three same-colour candles stepping in their colour's direction,
 * each opening near the prior body, then a candle of the opposite colour opening beyond the 3rd close and
 * closing beyond the 1st open → ±100 (sign of the 3rd candle). Confidence: how far the strike candle's
 * body exceeds the 3rd candle's body.
 */
export function cdl3linestrike(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl3linestrikeLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const n3Avg = new CandleAverage(k, s.near, 3, start);
  const n2Avg = new CandleAverage(k, s.near, 2, start);
  for (let i = start; i < k.length; i++) {
    const n3 = n3Avg.threshold(i - 3);
    const n2 = n2Avg.threshold(i - 2);
    if (
      k.color(i - 3) === k.color(i - 2) &&
      k.color(i - 2) === k.color(i - 1) &&
      k.color(i) === -k.color(i - 1) &&
      o[i - 2]! >= k.bodyBottom(i - 3) - n3 &&
      o[i - 2]! <= k.bodyTop(i - 3) + n3 &&
      o[i - 1]! >= k.bodyBottom(i - 2) - n2 &&
      o[i - 1]! <= k.bodyTop(i - 2) + n2 &&
      ((k.color(i - 1) === 1 &&
        c[i - 1]! > c[i - 2]! &&
        c[i - 2]! > c[i - 3]! &&
        o[i]! > c[i - 1]! &&
        c[i]! < o[i - 3]!) ||
        (k.color(i - 1) === -1 &&
          c[i - 1]! < c[i - 2]! &&
          c[i - 2]! < c[i - 3]! &&
          o[i]! < c[i - 1]! &&
          c[i]! > o[i - 3]!))
    ) {
      out.signal[i] = k.color(i - 1) * 100;
      out.confidence[i] = exceeds(k.body(i), k.body(i - 1));
    }
    n3Avg.advance(i);
    n2Avg.advance(i);
  }
  return out;
}

export const CDL3LINESTRIKE: CandlestickPattern = {
  code: 'cdl3linestrike',
  name: 'Three-Line Strike',
  description:
    'Three candles in one direction struck by a fourth that reverses them all (sign of the third candle).',
  settings: ['near'],
  lookback: cdl3linestrikeLookback,
  detect: (k, s) => cdl3linestrike(k, s),
};
