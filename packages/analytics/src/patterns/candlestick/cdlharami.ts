import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLHARAMI_Lookback for these settings. */
export function cdlharamiLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Harami Pattern (ta_CDLHARAMI.c): a long candle, then a short one whose body lies inside the first body →
 * −100 after white, +100 after black; ±80 when the bodies share an end (TA-Lib 0.4). Confidence: bodyLong
 * of the 1st, bodyShort of the 2nd.
 */
export function cdlharami(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlharamiLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 1, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 1);
    const bs = bsAvg.threshold(i);
    if (
      k.body(i - 1) > bl &&
      k.body(i) <= bs &&
      k.bodyTop(i) <= k.bodyTop(i - 1) &&
      k.bodyBottom(i) >= k.bodyBottom(i - 1)
    ) {
      out.signal[i] =
        -k.color(i - 1) *
        (k.bodyTop(i) < k.bodyTop(i - 1) && k.bodyBottom(i) > k.bodyBottom(i - 1) ? 100 : 80);
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(k.body(i), bs));
    }
    blAvg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDLHARAMI: CandlestickPattern = {
  code: 'cdlharami',
  name: 'Harami Pattern',
  description:
    'Short body inside the prior long body (−100 after white, +100 after black; ±80 with a shared end).',
  settings: ['bodyShort', 'bodyLong'],
  lookback: cdlharamiLookback,
  detect: (k, s) => cdlharami(k, s),
};
