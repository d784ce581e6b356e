import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLUPSIDEGAP2CROWS_Lookback for these settings. */
export function cdlupsidegap2crowsLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 2;
}

/**
 * Upside Gap Two Crows (ta_CDLUPSIDEGAP2CROWS.c): a long white candle, a short black candle gapping up,
 * then a black candle engulfing the 2nd but closing above the 1st close → −100. Confidence: bodyLong of
 * the 1st, bodyShort of the 2nd.
 */
export function cdlupsidegap2crows(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlupsidegap2crowsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 1, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 2);
    const bs = bsAvg.threshold(i - 1);
    if (
      k.color(i - 2) === 1 &&
      k.body(i - 2) > bl &&
      k.color(i - 1) === -1 &&
      k.body(i - 1) <= bs &&
      k.bodyGapUp(i - 1, i - 2) &&
      k.color(i) === -1 &&
      o[i]! > o[i - 1]! &&
      c[i]! < c[i - 1]! &&
      c[i]! > c[i - 2]!
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 2), bl), under(k.body(i - 1), bs));
    }
    blAvg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDLUPSIDEGAP2CROWS: CandlestickPattern = {
  code: 'cdlupsidegap2crows',
  name: 'Upside Gap Two Crows',
  description: 'Bearish: two black crows above a gap after a long white candle (−100).',
  settings: ['bodyShort', 'bodyLong'],
  lookback: cdlupsidegap2crowsLookback,
  detect: (k, s) => cdlupsidegap2crows(k, s),
};
