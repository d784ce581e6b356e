import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLHOMINGPIGEON_Lookback for these settings. */
export function cdlhomingpigeonLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Homing Pigeon (ta_CDLHOMINGPIGEON.c): a long black candle, then a short black candle whose body lies
 * inside the first body → +100. Confidence: bodyLong of the 1st, bodyShort of the 2nd.
 */
export function cdlhomingpigeon(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlhomingpigeonLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 1, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 1);
    const bs = bsAvg.threshold(i);
    if (
      k.color(i - 1) === -1 &&
      k.color(i) === -1 &&
      k.body(i - 1) > bl &&
      k.body(i) <= bs &&
      o[i]! < o[i - 1]! &&
      c[i]! > c[i - 1]!
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(k.body(i), bs));
    }
    blAvg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDLHOMINGPIGEON: CandlestickPattern = {
  code: 'cdlhomingpigeon',
  name: 'Homing Pigeon',
  description: 'Bullish: short black candle inside a long black body (+100).',
  settings: ['bodyShort', 'bodyLong'],
  lookback: cdlhomingpigeonLookback,
  detect: (k, s) => cdlhomingpigeon(k, s),
};
