import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLADVANCEBLOCK_Lookback for these settings. */
export function cdladvanceblockLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return (
    Math.max(
      Math.max(
        Math.max(s.shadowLong.avgPeriod, s.shadowShort.avgPeriod),
        Math.max(s.far.avgPeriod, s.near.avgPeriod),
      ),
      s.bodyLong.avgPeriod,
    ) + 2
  );
}

/**
 * Advance Block (ta_CDLADVANCEBLOCK.c): three rising white candles, the 1st long with a short upper
 * shadow, showing weakening: shrinking bodies and/or growing upper shadows → −100. Confidence: bodyLong
 * and shadowShort of the 1st candle.
 */
export function cdladvanceblock(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdladvanceblockLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const ss2Avg = new CandleAverage(k, s.shadowShort, 2, start);
  const ss1Avg = new CandleAverage(k, s.shadowShort, 1, start);
  const ss0Avg = new CandleAverage(k, s.shadowShort, 0, start);
  const sl0Avg = new CandleAverage(k, s.shadowLong, 0, start);
  const n2Avg = new CandleAverage(k, s.near, 2, start);
  const n1Avg = new CandleAverage(k, s.near, 1, start);
  const f2Avg = new CandleAverage(k, s.far, 2, start);
  const f1Avg = new CandleAverage(k, s.far, 1, start);
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  for (let i = start; i < k.length; i++) {
    const ss2 = ss2Avg.threshold(i - 2);
    const ss1 = ss1Avg.threshold(i - 1);
    const ss0 = ss0Avg.threshold(i);
    const sl0 = sl0Avg.threshold(i);
    const n2 = n2Avg.threshold(i - 2);
    const n1 = n1Avg.threshold(i - 1);
    const f2 = f2Avg.threshold(i - 2);
    const f1 = f1Avg.threshold(i - 1);
    const bl = blAvg.threshold(i - 2);
    if (
      k.color(i - 2) === 1 &&
      k.color(i - 1) === 1 &&
      k.color(i) === 1 &&
      c[i]! > c[i - 1]! &&
      c[i - 1]! > c[i - 2]! &&
      o[i - 1]! > o[i - 2]! &&
      o[i - 1]! <= c[i - 2]! + n2 &&
      o[i]! > o[i - 1]! &&
      o[i]! <= c[i - 1]! + n1 &&
      k.body(i - 2) > bl &&
      k.upperShadow(i - 2) < ss2 &&
      ((k.body(i - 1) < k.body(i - 2) - f2 && k.body(i) < k.body(i - 1) + n1) ||
        k.body(i) < k.body(i - 1) - f1 ||
        (k.body(i) < k.body(i - 1) &&
          k.body(i - 1) < k.body(i - 2) &&
          (k.upperShadow(i) > ss0 || k.upperShadow(i - 1) > ss1)) ||
        (k.body(i) < k.body(i - 1) && k.upperShadow(i) > sl0))
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 2), bl), under(k.upperShadow(i - 2), ss2));
    }
    ss2Avg.advance(i);
    ss1Avg.advance(i);
    ss0Avg.advance(i);
    sl0Avg.advance(i);
    n2Avg.advance(i);
    n1Avg.advance(i);
    f2Avg.advance(i);
    f1Avg.advance(i);
    blAvg.advance(i);
  }
  return out;
}

export const CDLADVANCEBLOCK: CandlestickPattern = {
  code: 'cdladvanceblock',
  name: 'Advance Block',
  description: 'Bearish: three advancing white candles losing strength (−100).',
  settings: ['shadowShort', 'shadowLong', 'near', 'far', 'bodyLong'],
  lookback: cdladvanceblockLookback,
  detect: (k, s) => cdladvanceblock(k, s),
};
