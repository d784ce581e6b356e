import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLUNIQUE3RIVER_Lookback for these settings. */
export function cdlunique3riverLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 2;
}

/**
 * Unique 3 River (ta_CDLUNIQUE3RIVER.c): a long black candle, a black harami-like candle making a lower
 * low, then a short white candle opening above that low → +100. Confidence: bodyLong of the 1st, bodyShort
 * of the 3rd.
 */
export function cdlunique3river(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlunique3riverLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, low: l, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 2);
    const bs = bsAvg.threshold(i);
    if (
      k.body(i - 2) > bl &&
      k.color(i - 2) === -1 &&
      k.color(i - 1) === -1 &&
      c[i - 1]! > c[i - 2]! &&
      o[i - 1]! <= o[i - 2]! &&
      l[i - 1]! < l[i - 2]! &&
      k.body(i) < bs &&
      k.color(i) === 1 &&
      o[i]! > l[i - 1]!
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 2), bl), under(k.body(i), bs));
    }
    blAvg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDLUNIQUE3RIVER: CandlestickPattern = {
  code: 'cdlunique3river',
  name: 'Unique 3 River',
  description: 'Bullish three-candle bottom (+100).',
  settings: ['bodyShort', 'bodyLong'],
  lookback: cdlunique3riverLookback,
  detect: (k, s) => cdlunique3river(k, s),
};
