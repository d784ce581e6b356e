import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLGRAVESTONEDOJI_Lookback for these settings. */
export function cdlgravestonedojiLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyDoji.avgPeriod, s.shadowVeryShort.avgPeriod);
}

/**
 * Gravestone Doji (ta_CDLGRAVESTONEDOJI.c): doji with a very short lower shadow and an upper shadow that
 * is not very short → +100 (TA-Lib's sign). Confidence: bodyDoji and the lower shadow under
 * shadowVeryShort.
 */
export function cdlgravestonedoji(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlgravestonedojiLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (k.body(i) <= bd && k.lowerShadow(i) < vs && k.upperShadow(i) > vs) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(under(k.body(i), bd), under(k.lowerShadow(i), vs));
    }
    bdAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLGRAVESTONEDOJI: CandlestickPattern = {
  code: 'cdlgravestonedoji',
  name: 'Gravestone Doji',
  description: 'Doji with open and close at the low (+100, as TA-Lib).',
  settings: ['bodyDoji', 'shadowVeryShort'],
  lookback: cdlgravestonedojiLookback,
  detect: (k, s) => cdlgravestonedoji(k, s),
};
