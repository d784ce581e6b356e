import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSTALLEDPATTERN_Lookback for these settings. */
export function cdlstalledpatternLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return (
    Math.max(
      Math.max(s.bodyLong.avgPeriod, s.bodyShort.avgPeriod),
      Math.max(s.shadowVeryShort.avgPeriod, s.near.avgPeriod),
    ) + 2
  );
}

/**
 * Stalled Pattern (ta_CDLSTALLEDPATTERN.c): two long rising white candles (the 2nd opening near the 1st
 * close with a very short upper shadow), then a short white candle riding on the 2nd close → −100.
 * Confidence: bodyLong of the first two, shadowVeryShort of the 2nd, bodyShort of the 3rd.
 */
export function cdlstalledpattern(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlstalledpatternLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const bl2Avg = new CandleAverage(k, s.bodyLong, 2, start);
  const bl1Avg = new CandleAverage(k, s.bodyLong, 1, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const n2Avg = new CandleAverage(k, s.near, 2, start);
  const n1Avg = new CandleAverage(k, s.near, 1, start);
  for (let i = start; i < k.length; i++) {
    const bl2 = bl2Avg.threshold(i - 2);
    const bl1 = bl1Avg.threshold(i - 1);
    const bs = bsAvg.threshold(i);
    const vs = vsAvg.threshold(i - 1);
    const n2 = n2Avg.threshold(i - 2);
    const n1 = n1Avg.threshold(i - 1);
    if (
      k.color(i - 2) === 1 &&
      k.color(i - 1) === 1 &&
      k.color(i) === 1 &&
      c[i]! > c[i - 1]! &&
      c[i - 1]! > c[i - 2]! &&
      k.body(i - 2) > bl2 &&
      k.body(i - 1) > bl1 &&
      k.upperShadow(i - 1) < vs &&
      o[i - 1]! > o[i - 2]! &&
      o[i - 1]! <= c[i - 2]! + n2 &&
      k.body(i) < bs &&
      o[i]! >= c[i - 1]! - k.body(i) - n1
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 2), bl2),
        exceeds(k.body(i - 1), bl1),
        under(k.upperShadow(i - 1), vs),
        under(k.body(i), bs),
      );
    }
    bl2Avg.advance(i);
    bl1Avg.advance(i);
    bsAvg.advance(i);
    vsAvg.advance(i);
    n2Avg.advance(i);
    n1Avg.advance(i);
  }
  return out;
}

export const CDLSTALLEDPATTERN: CandlestickPattern = {
  code: 'cdlstalledpattern',
  name: 'Stalled Pattern',
  description: 'Bearish: advancing white candles stalling into a small third body (−100).',
  settings: ['bodyLong', 'bodyShort', 'shadowVeryShort', 'near'],
  lookback: cdlstalledpatternLookback,
  detect: (k, s) => cdlstalledpattern(k, s),
};
