import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSHOOTINGSTAR_Lookback for these settings. */
export function cdlshootingstarLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(Math.max(s.bodyShort.avgPeriod, s.shadowLong.avgPeriod), s.shadowVeryShort.avgPeriod) + 1;
}

/**
 * Shooting Star (ta_CDLSHOOTINGSTAR.c): short body, long upper shadow, very short lower shadow, body
 * gapping up from the prior body → −100. Confidence: bodyShort, shadowLong, shadowVeryShort.
 */
export function cdlshootingstar(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlshootingstarLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  const slAvg = new CandleAverage(k, s.shadowLong, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bs = bsAvg.threshold(i);
    const sl = slAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (k.body(i) < bs && k.upperShadow(i) > sl && k.lowerShadow(i) < vs && k.bodyGapUp(i, i - 1)) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(
        under(k.body(i), bs),
        exceeds(k.upperShadow(i), sl),
        under(k.lowerShadow(i), vs),
      );
    }
    bsAvg.advance(i);
    slAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLSHOOTINGSTAR: CandlestickPattern = {
  code: 'cdlshootingstar',
  name: 'Shooting Star',
  description: 'Bearish: small body at the bottom of a long upper shadow after a gap up (−100).',
  settings: ['bodyShort', 'shadowLong', 'shadowVeryShort'],
  lookback: cdlshootingstarLookback,
  detect: (k, s) => cdlshootingstar(k, s),
};
