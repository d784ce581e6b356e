import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLRICKSHAWMAN_Lookback for these settings. */
export function cdlrickshawmanLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(Math.max(s.bodyDoji.avgPeriod, s.shadowLong.avgPeriod), s.near.avgPeriod);
}

/**
 * Rickshaw Man (ta_CDLRICKSHAWMAN.c): doji with two long shadows whose body is near the middle of the
 * range → +100. Confidence: bodyDoji and shadowLong of both shadows.
 */
export function cdlrickshawman(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlrickshawmanLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { low: l } = k;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  const slAvg = new CandleAverage(k, s.shadowLong, 0, start);
  const nrAvg = new CandleAverage(k, s.near, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    const sl = slAvg.threshold(i);
    const nr = nrAvg.threshold(i);
    if (
      k.body(i) <= bd &&
      k.lowerShadow(i) > sl &&
      k.upperShadow(i) > sl &&
      k.bodyBottom(i) <= l[i]! + k.highLow(i) / 2 + nr &&
      k.bodyTop(i) >= l[i]! + k.highLow(i) / 2 - nr
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bd),
        exceeds(k.lowerShadow(i), sl),
        exceeds(k.upperShadow(i), sl),
      );
    }
    bdAvg.advance(i);
    slAvg.advance(i);
    nrAvg.advance(i);
  }
  return out;
}

export const CDLRICKSHAWMAN: CandlestickPattern = {
  code: 'cdlrickshawman',
  name: 'Rickshaw Man',
  description: 'Long-legged doji with the body in the middle of the range (+100).',
  settings: ['bodyDoji', 'shadowLong', 'near'],
  lookback: cdlrickshawmanLookback,
  detect: (k, s) => cdlrickshawman(k, s),
};
