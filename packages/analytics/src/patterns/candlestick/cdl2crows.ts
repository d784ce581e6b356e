import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

export function cdl2crowsLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyLong.avgPeriod + 2;
}

/**
 * Two Crows (ta_CDL2CROWS.c): long white, black gapping up, black opening inside the 2nd body and
 * closing inside the 1st body → −100. Confidence: how long the 1st body is (bodyLong).
 */
export function cdl2crows(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl2crowsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const bodyLong = new CandleAverage(k, s.bodyLong, 2, start);
  for (let i = start; i < k.length; i++) {
    const bl = bodyLong.threshold(i - 2);
    if (
      k.color(i - 2) === 1 &&
      k.body(i - 2) > bl &&
      k.color(i - 1) === -1 &&
      k.bodyGapUp(i - 1, i - 2) &&
      k.color(i) === -1 &&
      o[i]! < o[i - 1]! &&
      o[i]! > c[i - 1]! &&
      c[i]! > o[i - 2]! &&
      c[i]! < c[i - 2]!
    ) {
      out.signal[i] = -100;
      out.confidence[i] = exceeds(k.body(i - 2), bl);
    }
    bodyLong.advance(i);
  }
  return out;
}

export const CDL2CROWS: CandlestickPattern = {
  code: 'cdl2crows',
  name: 'Two Crows',
  description: 'Bearish three-candle reversal: long white, then two black crows (−100).',
  settings: ['bodyLong'],
  lookback: cdl2crowsLookback,
  detect: (k, s) => cdl2crows(k, s),
};
