import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSPINNINGTOP_Lookback for these settings. */
export function cdlspinningtopLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyShort.avgPeriod;
}

/**
 * Spinning Top (ta_CDLSPINNINGTOP.c): short body with both shadows longer than the body → ±100 (sign of
 * its colour). Confidence: bodyShort of the body.
 */
export function cdlspinningtop(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlspinningtopLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bs = bsAvg.threshold(i);
    if (k.body(i) < bs && k.upperShadow(i) > k.body(i) && k.lowerShadow(i) > k.body(i)) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = under(k.body(i), bs);
    }
    bsAvg.advance(i);
  }
  return out;
}

export const CDLSPINNINGTOP: CandlestickPattern = {
  code: 'cdlspinningtop',
  name: 'Spinning Top',
  description: 'Small body with shadows longer than the body (sign of its colour).',
  settings: ['bodyShort'],
  lookback: cdlspinningtopLookback,
  detect: (k, s) => cdlspinningtop(k, s),
};
