import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLTRISTAR_Lookback for these settings. */
export function cdltristarLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyDoji.avgPeriod + 2;
}

/**
 * Tristar Pattern (ta_CDLTRISTAR.c): three dojis (all judged against the threshold of the 1st), the middle
 * one gapping away: −100 when it gaps up and the 3rd body stays below its top, +100 when it gaps down and
 * the 3rd stays above its bottom. Confidence: bodyDoji of the three bodies.
 */
export function cdltristar(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdltristarLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 2, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i - 2);
    if (
      k.body(i - 2) <= bd &&
      k.body(i - 1) <= bd &&
      k.body(i) <= bd &&
      ((k.bodyGapUp(i - 1, i - 2) && k.bodyTop(i) < k.bodyTop(i - 1)) ||
        (k.bodyGapDown(i - 1, i - 2) && k.bodyBottom(i) > k.bodyBottom(i - 1)))
    ) {
      out.signal[i] = k.bodyGapUp(i - 1, i - 2) && k.bodyTop(i) < k.bodyTop(i - 1) ? -100 : 100;
      out.confidence[i] = meanScore(under(k.body(i - 2), bd), under(k.body(i - 1), bd), under(k.body(i), bd));
    }
    bdAvg.advance(i);
  }
  return out;
}

export const CDLTRISTAR: CandlestickPattern = {
  code: 'cdltristar',
  name: 'Tristar Pattern',
  description: 'Three dojis with a gapping middle star (−100 top, +100 bottom).',
  settings: ['bodyDoji'],
  lookback: cdltristarLookback,
  detect: (k, s) => cdltristar(k, s),
};
