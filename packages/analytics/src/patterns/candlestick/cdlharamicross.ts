import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLHARAMICROSS_Lookback for these settings. */
export function cdlharamicrossLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyDoji.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Harami Cross Pattern (ta_CDLHARAMICROSS.c): a long candle, then a doji inside its body → −100 after
 * white, +100 after black; ±80 when the bodies share an end (TA-Lib 0.4). Confidence: bodyLong of the 1st,
 * bodyDoji of the 2nd.
 */
export function cdlharamicross(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlharamicrossLookback(s);
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
      k.bodyTop(i) <= k.bodyTop(i - 1) &&
      k.bodyBottom(i) >= k.bodyBottom(i - 1)
    ) {
      out.signal[i] =
        -k.color(i - 1) *
        (k.bodyTop(i) < k.bodyTop(i - 1) && k.bodyBottom(i) > k.bodyBottom(i - 1) ? 100 : 80);
      out.confidence[i] = meanScore(exceeds(k.body(i - 1), bl), under(k.body(i), bd));
    }
    blAvg.advance(i);
    bdAvg.advance(i);
  }
  return out;
}

export const CDLHARAMICROSS: CandlestickPattern = {
  code: 'cdlharamicross',
  name: 'Harami Cross Pattern',
  description: 'Doji inside the prior long body (−100 after white, +100 after black; ±80 with a shared end).',
  settings: ['bodyDoji', 'bodyLong'],
  lookback: cdlharamicrossLookback,
  detect: (k, s) => cdlharamicross(k, s),
};
