import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLHAMMER_Lookback for these settings. */
export function cdlhammerLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return (
    Math.max(
      Math.max(Math.max(s.bodyShort.avgPeriod, s.shadowLong.avgPeriod), s.shadowVeryShort.avgPeriod),
      s.near.avgPeriod,
    ) + 1
  );
}

/**
 * Hammer (ta_CDLHAMMER.c): short body, long lower shadow, very short upper shadow, body at or near the
 * prior low → +100. Confidence: bodyShort, shadowLong, shadowVeryShort.
 */
export function cdlhammer(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlhammerLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { low: l } = k;
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  const slAvg = new CandleAverage(k, s.shadowLong, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const nrAvg = new CandleAverage(k, s.near, 1, start);
  for (let i = start; i < k.length; i++) {
    const bs = bsAvg.threshold(i);
    const sl = slAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    const nr = nrAvg.threshold(i - 1);
    if (
      k.body(i) < bs &&
      k.lowerShadow(i) > sl &&
      k.upperShadow(i) < vs &&
      k.bodyBottom(i) <= l[i - 1]! + nr
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.body(i), bs),
        exceeds(k.lowerShadow(i), sl),
        under(k.upperShadow(i), vs),
      );
    }
    bsAvg.advance(i);
    slAvg.advance(i);
    vsAvg.advance(i);
    nrAvg.advance(i);
  }
  return out;
}

export const CDLHAMMER: CandlestickPattern = {
  code: 'cdlhammer',
  name: 'Hammer',
  description: 'Bullish: small body at the top of a long lower shadow near the prior low (+100).',
  settings: ['bodyShort', 'shadowLong', 'shadowVeryShort', 'near'],
  lookback: cdlhammerLookback,
  detect: (k, s) => cdlhammer(k, s),
};
