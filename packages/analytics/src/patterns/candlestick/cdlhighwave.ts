import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLHIGHWAVE_Lookback for these settings. */
export function cdlhighwaveLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.shadowVeryLong.avgPeriod);
}

/**
 * High-Wave Candle (ta_CDLHIGHWAVE.c): short body with both shadows very long → ±100 (sign of its colour).
 * Confidence: bodyShort and shadowVeryLong of both shadows.
 */
export function cdlhighwave(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlhighwaveLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  const svlAvg = new CandleAverage(k, s.shadowVeryLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const bs = bsAvg.threshold(i);
    const svl = svlAvg.threshold(i);
    if (k.body(i) < bs && k.upperShadow(i) > svl && k.lowerShadow(i) > svl) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bs),
        exceeds(k.upperShadow(i), svl),
        exceeds(k.lowerShadow(i), svl),
      );
    }
    bsAvg.advance(i);
    svlAvg.advance(i);
  }
  return out;
}

export const CDLHIGHWAVE: CandlestickPattern = {
  code: 'cdlhighwave',
  name: 'High-Wave Candle',
  description: 'Short body with very long upper and lower shadows (sign of its colour).',
  settings: ['bodyShort', 'shadowVeryLong'],
  lookback: cdlhighwaveLookback,
  detect: (k, s) => cdlhighwave(k, s),
};
