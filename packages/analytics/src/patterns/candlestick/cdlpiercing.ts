import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLPIERCING_Lookback for these settings. */
export function cdlpiercingLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyLong.avgPeriod + 1;
}

/**
 * Piercing Pattern (ta_CDLPIERCING.c): a long black candle, then a long white candle opening below its low
 * and closing above its midpoint but below its open → +100. Confidence: bodyLong of both candles.
 */
export function cdlpiercing(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlpiercingLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, low: l, close: c } = k;
  const bl1Avg = new CandleAverage(k, s.bodyLong, 1, start);
  const bl0Avg = new CandleAverage(k, s.bodyLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl1 = bl1Avg.threshold(i - 1);
    const bl0 = bl0Avg.threshold(i);
    if (
      k.color(i - 1) === -1 &&
      k.body(i - 1) > bl1 &&
      k.color(i) === 1 &&
      k.body(i) > bl0 &&
      o[i]! < l[i - 1]! &&
      c[i]! < o[i - 1]! &&
      c[i]! > c[i - 1]! + k.body(i - 1) * 0.5
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl1), exceeds(k.body(i), bl0));
    }
    bl1Avg.advance(i);
    bl0Avg.advance(i);
  }
  return out;
}

export const CDLPIERCING: CandlestickPattern = {
  code: 'cdlpiercing',
  name: 'Piercing Pattern',
  description:
    'Bullish: white candle opening below the prior low and closing past the prior midpoint (+100).',
  settings: ['bodyLong'],
  lookback: cdlpiercingLookback,
  detect: (k, s) => cdlpiercing(k, s),
};
