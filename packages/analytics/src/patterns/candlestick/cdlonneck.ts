import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLONNECK_Lookback for these settings. */
export function cdlonneckLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.equal.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * On-Neck Pattern (ta_CDLONNECK.c): a long black candle, then a white candle opening below its low and
 * closing (almost) at its low → −100. Confidence: bodyLong of the 1st and how equal the close is to the
 * prior low (equal).
 */
export function cdlonneck(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlonneckLookback(s);
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
      c[i]! <= l[i - 1]! + eq &&
      c[i]! >= l[i - 1]! - eq
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(Math.abs(c[i]! - l[i - 1]!), eq));
    }
    eqAvg.advance(i);
    blAvg.advance(i);
  }
  return out;
}

export const CDLONNECK: CandlestickPattern = {
  code: 'cdlonneck',
  name: 'On-Neck Pattern',
  description: 'Bearish continuation: white candle closing at the prior black low (−100).',
  settings: ['equal', 'bodyLong'],
  lookback: cdlonneckLookback,
  detect: (k, s) => cdlonneck(k, s),
};
