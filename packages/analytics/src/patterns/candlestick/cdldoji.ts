import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLDOJI_Lookback for these settings. */
export function cdldojiLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyDoji.avgPeriod;
}

/**
 * Doji (ta_CDLDOJI.c): real body no longer than the bodyDoji threshold → +100. Confidence: how far under
 * the threshold the body is.
 */
export function cdldoji(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdldojiLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    if (k.body(i) <= bd) {
      out.signal[i] = 100;
      out.confidence[i] = under(k.body(i), bd);
    }
    bdAvg.advance(i);
  }
  return out;
}

export const CDLDOJI: CandlestickPattern = {
  code: 'cdldoji',
  name: 'Doji',
  description: 'Open and close (almost) equal (+100).',
  settings: ['bodyDoji'],
  lookback: cdldojiLookback,
  detect: (k, s) => cdldoji(k, s),
};
