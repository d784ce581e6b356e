import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLLONGLINE_Lookback for these settings. */
export function cdllonglineLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyLong.avgPeriod, s.shadowShort.avgPeriod);
}

/**
 * Long Line Candle (ta_CDLLONGLINE.c): long body with both shadows short → ±100 (sign of its colour).
 * Confidence: bodyLong and shadowShort of both shadows.
 */
export function cdllongline(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdllonglineLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 0, start);
  const ssAvg = new CandleAverage(k, s.shadowShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i);
    const ss = ssAvg.threshold(i);
    if (k.body(i) > bl && k.upperShadow(i) < ss && k.lowerShadow(i) < ss) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i), bl),
        under(k.upperShadow(i), ss),
        under(k.lowerShadow(i), ss),
      );
    }
    blAvg.advance(i);
    ssAvg.advance(i);
  }
  return out;
}

export const CDLLONGLINE: CandlestickPattern = {
  code: 'cdllongline',
  name: 'Long Line Candle',
  description: 'Long body with short shadows (sign of its colour).',
  settings: ['bodyLong', 'shadowShort'],
  lookback: cdllonglineLookback,
  detect: (k, s) => cdllongline(k, s),
};
