import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSHORTLINE_Lookback for these settings. */
export function cdlshortlineLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.shadowShort.avgPeriod);
}

/**
 * Short Line Candle (ta_CDLSHORTLINE.c): short body with both shadows short → ±100 (sign of its colour).
 * Confidence: bodyShort and shadowShort of both shadows.
 */
export function cdlshortline(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlshortlineLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  const ssAvg = new CandleAverage(k, s.shadowShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bs = bsAvg.threshold(i);
    const ss = ssAvg.threshold(i);
    if (k.body(i) < bs && k.upperShadow(i) < ss && k.lowerShadow(i) < ss) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bs),
        under(k.upperShadow(i), ss),
        under(k.lowerShadow(i), ss),
      );
    }
    bsAvg.advance(i);
    ssAvg.advance(i);
  }
  return out;
}

export const CDLSHORTLINE: CandlestickPattern = {
  code: 'cdlshortline',
  name: 'Short Line Candle',
  description: 'Short body with short shadows (sign of its colour).',
  settings: ['bodyShort', 'shadowShort'],
  lookback: cdlshortlineLookback,
  detect: (k, s) => cdlshortline(k, s),
};
