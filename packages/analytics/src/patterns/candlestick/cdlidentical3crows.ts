import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLIDENTICAL3CROWS_Lookback for these settings. */
export function cdlidentical3crowsLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.shadowVeryShort.avgPeriod, s.equal.avgPeriod) + 2;
}

/**
 * Identical Three Crows (ta_CDLIDENTICAL3CROWS.c): three declining black candles with very short lower
 * shadows, each opening (almost) at the prior close → −100. Confidence: shadowVeryShort of the lower
 * shadows and equal of the two open/close matches.
 */
export function cdlidentical3crows(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlidentical3crowsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const vs2Avg = new CandleAverage(k, s.shadowVeryShort, 2, start);
  const vs1Avg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const vs0Avg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const eq2Avg = new CandleAverage(k, s.equal, 2, start);
  const eq1Avg = new CandleAverage(k, s.equal, 1, start);
  for (let i = start; i < k.length; i++) {
    const vs2 = vs2Avg.threshold(i - 2);
    const vs1 = vs1Avg.threshold(i - 1);
    const vs0 = vs0Avg.threshold(i);
    const eq2 = eq2Avg.threshold(i - 2);
    const eq1 = eq1Avg.threshold(i - 1);
    if (
      k.color(i - 2) === -1 &&
      k.lowerShadow(i - 2) < vs2 &&
      k.color(i - 1) === -1 &&
      k.lowerShadow(i - 1) < vs1 &&
      k.color(i) === -1 &&
      k.lowerShadow(i) < vs0 &&
      c[i - 2]! > c[i - 1]! &&
      c[i - 1]! > c[i]! &&
      o[i - 1]! <= c[i - 2]! + eq2 &&
      o[i - 1]! >= c[i - 2]! - eq2 &&
      o[i]! <= c[i - 1]! + eq1 &&
      o[i]! >= c[i - 1]! - eq1
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(
        under(k.lowerShadow(i - 2), vs2),
        under(k.lowerShadow(i - 1), vs1),
        under(k.lowerShadow(i), vs0),
        under(Math.abs(o[i - 1]! - c[i - 2]!), eq2),
        under(Math.abs(o[i]! - c[i - 1]!), eq1),
      );
    }
    vs2Avg.advance(i);
    vs1Avg.advance(i);
    vs0Avg.advance(i);
    eq2Avg.advance(i);
    eq1Avg.advance(i);
  }
  return out;
}

export const CDLIDENTICAL3CROWS: CandlestickPattern = {
  code: 'cdlidentical3crows',
  name: 'Identical Three Crows',
  description: 'Bearish: three black candles each opening at the prior close (−100).',
  settings: ['shadowVeryShort', 'equal'],
  lookback: cdlidentical3crowsLookback,
  detect: (k, s) => cdlidentical3crows(k, s),
};
