import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLTAKURI_Lookback for these settings. */
export function cdltakuriLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(Math.max(s.bodyDoji.avgPeriod, s.shadowVeryShort.avgPeriod), s.shadowVeryLong.avgPeriod);
}

/**
 * Takuri (Dragonfly Doji with very long lower shadow) (ta_CDLTAKURI.c): doji with a very short upper
 * shadow and a very long lower shadow → +100. Confidence: bodyDoji, shadowVeryShort, shadowVeryLong.
 */
export function cdltakuri(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdltakuriLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const svlAvg = new CandleAverage(k, s.shadowVeryLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    const svl = svlAvg.threshold(i);
    if (k.body(i) <= bd && k.upperShadow(i) < vs && k.lowerShadow(i) > svl) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bd),
        under(k.upperShadow(i), vs),
        exceeds(k.lowerShadow(i), svl),
      );
    }
    bdAvg.advance(i);
    vsAvg.advance(i);
    svlAvg.advance(i);
  }
  return out;
}

export const CDLTAKURI: CandlestickPattern = {
  code: 'cdltakuri',
  name: 'Takuri (Dragonfly Doji with very long lower shadow)',
  description: 'Dragonfly doji with a very long lower shadow (+100).',
  settings: ['bodyDoji', 'shadowVeryShort', 'shadowVeryLong'],
  lookback: cdltakuriLookback,
  detect: (k, s) => cdltakuri(k, s),
};
