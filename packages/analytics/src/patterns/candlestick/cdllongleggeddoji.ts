import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLLONGLEGGEDDOJI_Lookback for these settings. */
export function cdllongleggeddojiLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyDoji.avgPeriod, s.shadowLong.avgPeriod);
}

/**
 * Long Legged Doji (ta_CDLLONGLEGGEDDOJI.c): doji with at least one long shadow → +100. Confidence:
 * bodyDoji and the longer shadow over shadowLong.
 */
export function cdllongleggeddoji(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdllongleggeddojiLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  const slAvg = new CandleAverage(k, s.shadowLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    const sl = slAvg.threshold(i);
    if (k.body(i) <= bd && (k.lowerShadow(i) > sl || k.upperShadow(i) > sl)) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bd),
        exceeds(Math.max(k.lowerShadow(i), k.upperShadow(i)), sl),
      );
    }
    bdAvg.advance(i);
    slAvg.advance(i);
  }
  return out;
}

export const CDLLONGLEGGEDDOJI: CandlestickPattern = {
  code: 'cdllongleggeddoji',
  name: 'Long Legged Doji',
  description: 'Doji with a long shadow (+100).',
  settings: ['bodyDoji', 'shadowLong'],
  lookback: cdllongleggeddojiLookback,
  detect: (k, s) => cdllongleggeddoji(k, s),
};
