import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';

export function cdlhikkakemodLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(1, s.near.avgPeriod) + 5;
}

/**
 * Modified Hikkake (ta_CDLHIKKAKEMOD.c): two nested inside bars, the first closing near its low (for a
 * bullish setup) or near its high (bearish), then a false breakout → ±100; confirmation within 3 bars by
 * a close beyond the second candle's opposite extreme → ±200. State carries from the 3 bars before the
 * first output as in TA-Lib. Confidence: 0.5 for the setup, 1 for the confirmation.
 */
export function cdlhikkakemod(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlhikkakemodLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { high: h, low: l, close: c } = k;
  const nearAvg = new CandleAverage(k, s.near, 2, start - 3);
  let patternIdx = 0;
  let patternResult = 0;
  for (let i = start - 3; i < k.length; i++) {
    const nr = nearAvg.threshold(i - 2);
    if (
      h[i - 2]! < h[i - 3]! &&
      l[i - 2]! > l[i - 3]! &&
      h[i - 1]! < h[i - 2]! &&
      l[i - 1]! > l[i - 2]! &&
      ((h[i]! < h[i - 1]! && l[i]! < l[i - 1]! && c[i - 2]! <= l[i - 2]! + nr) ||
        (h[i]! > h[i - 1]! && l[i]! > l[i - 1]! && c[i - 2]! >= h[i - 2]! - nr))
    ) {
      patternResult = 100 * (h[i]! < h[i - 1]! ? 1 : -1);
      patternIdx = i;
      if (i >= start) {
        out.signal[i] = patternResult;
        out.confidence[i] = 0.5;
      }
    } else if (
      i <= patternIdx + 3 &&
      ((patternResult > 0 && c[i]! > h[patternIdx - 1]!) || (patternResult < 0 && c[i]! < l[patternIdx - 1]!))
    ) {
      if (i >= start) {
        out.signal[i] = patternResult + 100 * (patternResult > 0 ? 1 : -1);
        out.confidence[i] = 1;
      }
      patternIdx = 0;
    }
    nearAvg.advance(i);
  }
  return out;
}

export const CDLHIKKAKEMOD: CandlestickPattern = {
  code: 'cdlhikkakemod',
  name: 'Modified Hikkake Pattern',
  description: 'Hikkake after two nested inside bars with a near-extreme close (±100), confirmed (±200).',
  settings: ['near'],
  lookback: cdlhikkakemodLookback,
  detect: (k, s) => cdlhikkakemod(k, s),
};
