import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLTHRUSTING_Lookback for these settings. */
export function cdlthrustingLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.equal.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Thrusting Pattern (ta_CDLTHRUSTING.c): a long black candle, then a white candle opening below its low
 * and closing above its close (by more than equal) but not above its midpoint → −100. Confidence: bodyLong
 * of the 1st.
 */
export function cdlthrusting(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlthrustingLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, low: l, close: c } = k;
  const eqAvg = new CandleAverage(k, s.equal, 1, start);
  const blAvg = new CandleAverage(k, s.bodyLong, 1, start);
  for (let i = start; i < k.length; i++) {
    const eq = eqAvg.threshold(i - 1);
    const bl = blAvg.threshold(i - 1);
    if (
      k.color(i - 1) === -1 &&
      k.body(i - 1) > bl &&
      k.color(i) === 1 &&
      o[i]! < l[i - 1]! &&
      c[i]! > c[i - 1]! + eq &&
      c[i]! <= c[i - 1]! + k.body(i - 1) * 0.5
    ) {
      out.signal[i] = -100;
      out.confidence[i] = exceeds(k.body(i - 1), bl);
    }
    eqAvg.advance(i);
    blAvg.advance(i);
  }
  return out;
}

export const CDLTHRUSTING: CandlestickPattern = {
  code: 'cdlthrusting',
  name: 'Thrusting Pattern',
  description:
    'Bearish continuation: white candle closing into but below the middle of the prior black body (−100).',
  settings: ['equal', 'bodyLong'],
  lookback: cdlthrustingLookback,
  detect: (k, s) => cdlthrusting(k, s),
};
