import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLMARUBOZU_Lookback for these settings. */
export function cdlmarubozuLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyLong.avgPeriod, s.shadowVeryShort.avgPeriod);
}

/**
 * Marubozu (ta_CDLMARUBOZU.c): long body with both shadows very short → ±100 (sign of its colour).
 * Confidence: bodyLong and shadowVeryShort of both shadows.
 */
export function cdlmarubozu(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlmarubozuLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (k.body(i) > bl && k.upperShadow(i) < vs && k.lowerShadow(i) < vs) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i), bl),
        under(k.upperShadow(i), vs),
        under(k.lowerShadow(i), vs),
      );
    }
    blAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLMARUBOZU: CandlestickPattern = {
  code: 'cdlmarubozu',
  name: 'Marubozu',
  description: 'Long body with (almost) no shadows (sign of its colour).',
  settings: ['bodyLong', 'shadowVeryShort'],
  lookback: cdlmarubozuLookback,
  detect: (k, s) => cdlmarubozu(k, s),
};
