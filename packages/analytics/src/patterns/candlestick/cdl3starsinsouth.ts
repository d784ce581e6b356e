import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDL3STARSINSOUTH_Lookback for these settings. */
export function cdl3starsinsouthLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return (
    Math.max(
      Math.max(s.shadowVeryShort.avgPeriod, s.shadowLong.avgPeriod),
      Math.max(s.bodyLong.avgPeriod, s.bodyShort.avgPeriod),
    ) + 2
  );
}

/**
 * Three Stars In The South (ta_CDL3STARSINSOUTH.c): three black candles: a long one with a long lower
 * shadow, a smaller one trading inside it with a lower low than its close, and a short marubozu inside the
 * 2nd → +100. Confidence: bodyLong and shadowLong of the 1st, bodyShort and shadowVeryShort of the 3rd.
 */
export function cdl3starsinsouth(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl3starsinsouthLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, low: l, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  const slAvg = new CandleAverage(k, s.shadowLong, 2, start);
  const vs1Avg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const vs0Avg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 2);
    const sl = slAvg.threshold(i - 2);
    const vs1 = vs1Avg.threshold(i - 1);
    const vs0 = vs0Avg.threshold(i);
    const bs = bsAvg.threshold(i);
    if (
      k.color(i - 2) === -1 &&
      k.color(i - 1) === -1 &&
      k.color(i) === -1 &&
      k.body(i - 2) > bl &&
      k.lowerShadow(i - 2) > sl &&
      k.body(i - 1) < k.body(i - 2) &&
      o[i - 1]! > c[i - 2]! &&
      o[i - 1]! <= h[i - 2]! &&
      l[i - 1]! < c[i - 2]! &&
      l[i - 1]! >= l[i - 2]! &&
      k.lowerShadow(i - 1) > vs1 &&
      k.body(i) < bs &&
      k.lowerShadow(i) < vs0 &&
      k.upperShadow(i) < vs0 &&
      l[i]! > l[i - 1]! &&
      h[i]! < h[i - 1]!
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 2), bl),
        exceeds(k.lowerShadow(i - 2), sl),
        under(k.body(i), bs),
        under(k.lowerShadow(i), vs0),
        under(k.upperShadow(i), vs0),
      );
    }
    blAvg.advance(i);
    slAvg.advance(i);
    vs1Avg.advance(i);
    vs0Avg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDL3STARSINSOUTH: CandlestickPattern = {
  code: 'cdl3starsinsouth',
  name: 'Three Stars In The South',
  description: 'Bullish reversal: three shrinking black candles with rising lows (+100).',
  settings: ['bodyLong', 'shadowLong', 'shadowVeryShort', 'bodyShort'],
  lookback: cdl3starsinsouthLookback,
  detect: (k, s) => cdl3starsinsouth(k, s),
};
