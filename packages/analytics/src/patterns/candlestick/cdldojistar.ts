import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLDOJISTAR_Lookback for these settings. */
export function cdldojistarLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyDoji.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Doji Star (ta_CDLDOJISTAR.c): a long candle, then a doji whose body gaps away in the same direction →
 * −100 after white, +100 after black. Confidence: bodyLong of the 1st, bodyDoji of the 2nd.
 */
export function cdldojistar(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdldojistarLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 1, start);
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 1);
    const bd = bdAvg.threshold(i);
    if (
      k.body(i - 1) > bl &&
      k.body(i) <= bd &&
      ((k.color(i - 1) === 1 && k.bodyGapUp(i, i - 1)) || (k.color(i - 1) === -1 && k.bodyGapDown(i, i - 1)))
    ) {
      out.signal[i] = -k.color(i - 1) * 100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(k.body(i), bd));
    }
    blAvg.advance(i);
    bdAvg.advance(i);
  }
  return out;
}

export const CDLDOJISTAR: CandlestickPattern = {
  code: 'cdldojistar',
  name: 'Doji Star',
  description: 'Doji gapping away from a long candle (−100 after white, +100 after black).',
  settings: ['bodyDoji', 'bodyLong'],
  lookback: cdldojistarLookback,
  detect: (k, s) => cdldojistar(k, s),
};
