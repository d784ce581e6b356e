import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLRISEFALL3METHODS_Lookback for these settings. */
export function cdlrisefall3methodsLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 4;
}

/**
 * Rising/Falling Three Methods (ta_CDLRISEFALL3METHODS.c): a long candle, three short opposite candles
 * drifting against it within its range, then a long candle of the first colour closing beyond the first
 * close → ±100 (sign of the 1st). Confidence: bodyLong of the 1st and 5th, bodyShort of the three in
 * between.
 */
export function cdlrisefall3methods(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlrisefall3methodsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, low: l, close: c } = k;
  const bl4Avg = new CandleAverage(k, s.bodyLong, 4, start);
  const bs3Avg = new CandleAverage(k, s.bodyShort, 3, start);
  const bs2Avg = new CandleAverage(k, s.bodyShort, 2, start);
  const bs1Avg = new CandleAverage(k, s.bodyShort, 1, start);
  const bl0Avg = new CandleAverage(k, s.bodyLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl4 = bl4Avg.threshold(i - 4);
    const bs3 = bs3Avg.threshold(i - 3);
    const bs2 = bs2Avg.threshold(i - 2);
    const bs1 = bs1Avg.threshold(i - 1);
    const bl0 = bl0Avg.threshold(i);
    if (
      k.body(i - 4) > bl4 &&
      k.body(i - 3) < bs3 &&
      k.body(i - 2) < bs2 &&
      k.body(i - 1) < bs1 &&
      k.body(i) > bl0 &&
      k.color(i - 4) === -k.color(i - 3) &&
      k.color(i - 3) === k.color(i - 2) &&
      k.color(i - 2) === k.color(i - 1) &&
      k.color(i - 1) === -k.color(i) &&
      k.bodyBottom(i - 3) < h[i - 4]! &&
      k.bodyTop(i - 3) > l[i - 4]! &&
      k.bodyBottom(i - 2) < h[i - 4]! &&
      k.bodyTop(i - 2) > l[i - 4]! &&
      k.bodyBottom(i - 1) < h[i - 4]! &&
      k.bodyTop(i - 1) > l[i - 4]! &&
      c[i - 2]! * k.color(i - 4) < c[i - 3]! * k.color(i - 4) &&
      c[i - 1]! * k.color(i - 4) < c[i - 2]! * k.color(i - 4) &&
      o[i]! * k.color(i - 4) > c[i - 1]! * k.color(i - 4) &&
      c[i]! * k.color(i - 4) > c[i - 4]! * k.color(i - 4)
    ) {
      out.signal[i] = 100 * k.color(i - 4);
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 4), bl4),
        under(k.body(i - 3), bs3),
        under(k.body(i - 2), bs2),
        under(k.body(i - 1), bs1),
        exceeds(k.body(i), bl0),
      );
    }
    bl4Avg.advance(i);
    bs3Avg.advance(i);
    bs2Avg.advance(i);
    bs1Avg.advance(i);
    bl0Avg.advance(i);
  }
  return out;
}

export const CDLRISEFALL3METHODS: CandlestickPattern = {
  code: 'cdlrisefall3methods',
  name: 'Rising/Falling Three Methods',
  description: 'Continuation: long candle, three small counter candles, long candle (sign of the first).',
  settings: ['bodyShort', 'bodyLong'],
  lookback: cdlrisefall3methodsLookback,
  detect: (k, s) => cdlrisefall3methods(k, s),
};
