import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDL3WHITESOLDIERS_Lookback for these settings. */
export function cdl3whitesoldiersLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return (
    Math.max(
      Math.max(s.shadowVeryShort.avgPeriod, s.bodyShort.avgPeriod),
      Math.max(s.far.avgPeriod, s.near.avgPeriod),
    ) + 2
  );
}

/**
 * Three Advancing White Soldiers (ta_CDL3WHITESOLDIERS.c): three rising white candles with very short
 * upper shadows, each opening within or near the prior body and not far shorter than it, the last not
 * short → +100. Confidence: shadowVeryShort of the three upper shadows and bodyShort of the 3rd.
 */
export function cdl3whitesoldiers(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdl3whitesoldiersLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const vs2Avg = new CandleAverage(k, s.shadowVeryShort, 2, start);
  const vs1Avg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const vs0Avg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const n2Avg = new CandleAverage(k, s.near, 2, start);
  const n1Avg = new CandleAverage(k, s.near, 1, start);
  const f2Avg = new CandleAverage(k, s.far, 2, start);
  const f1Avg = new CandleAverage(k, s.far, 1, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const vs2 = vs2Avg.threshold(i - 2);
    const vs1 = vs1Avg.threshold(i - 1);
    const vs0 = vs0Avg.threshold(i);
    const n2 = n2Avg.threshold(i - 2);
    const n1 = n1Avg.threshold(i - 1);
    const f2 = f2Avg.threshold(i - 2);
    const f1 = f1Avg.threshold(i - 1);
    const bs = bsAvg.threshold(i);
    if (
      k.color(i - 2) === 1 &&
      k.upperShadow(i - 2) < vs2 &&
      k.color(i - 1) === 1 &&
      k.upperShadow(i - 1) < vs1 &&
      k.color(i) === 1 &&
      k.upperShadow(i) < vs0 &&
      c[i]! > c[i - 1]! &&
      c[i - 1]! > c[i - 2]! &&
      o[i - 1]! > o[i - 2]! &&
      o[i - 1]! <= c[i - 2]! + n2 &&
      o[i]! > o[i - 1]! &&
      o[i]! <= c[i - 1]! + n1 &&
      k.body(i - 1) > k.body(i - 2) - f2 &&
      k.body(i) > k.body(i - 1) - f1 &&
      k.body(i) > bs
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.upperShadow(i - 2), vs2),
        under(k.upperShadow(i - 1), vs1),
        under(k.upperShadow(i), vs0),
        exceeds(k.body(i), bs),
      );
    }
    vs2Avg.advance(i);
    vs1Avg.advance(i);
    vs0Avg.advance(i);
    n2Avg.advance(i);
    n1Avg.advance(i);
    f2Avg.advance(i);
    f1Avg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDL3WHITESOLDIERS: CandlestickPattern = {
  code: 'cdl3whitesoldiers',
  name: 'Three Advancing White Soldiers',
  description: 'Bullish: three advancing white candles closing near their highs (+100).',
  settings: ['shadowVeryShort', 'near', 'far', 'bodyShort'],
  lookback: cdl3whitesoldiersLookback,
  detect: (k, s) => cdl3whitesoldiers(k, s),
};
