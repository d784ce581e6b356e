import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLINNECK_Lookback for these settings. */
export function cdlinneckLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.equal.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * In-Neck Pattern (ta_CDLINNECK.c): a long black candle, then a white candle opening below its low and
 * closing at or just above its close → −100. Confidence: bodyLong of the 1st and how equal the closes are
 * (equal).
 */
export function cdlinneck(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlinneckLookback(s);
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
      c[i]! <= c[i - 1]! + eq &&
      c[i]! >= c[i - 1]!
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(c[i]! - c[i - 1]!, eq));
    }
    eqAvg.advance(i);
    blAvg.advance(i);
  }
  return out;
}

export const CDLINNECK: CandlestickPattern = {
  code: 'cdlinneck',
  name: 'In-Neck Pattern',
  description: 'Bearish continuation: white candle closing just at the prior black close (−100).',
  settings: ['equal', 'bodyLong'],
  lookback: cdlinneckLookback,
  detect: (k, s) => cdlinneck(k, s),
};
