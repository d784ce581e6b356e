import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLKICKING_Lookback for these settings. */
export function cdlkickingLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.shadowVeryShort.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Kicking (ta_CDLKICKING.c): two marubozu of opposite colour separated by a price gap → ±100 (sign of the
 * 2nd). Confidence: bodyLong and shadowVeryShort of both candles.
 */
export function cdlkicking(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlkickingLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const vs1Avg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const vs0Avg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const bl1Avg = new CandleAverage(k, s.bodyLong, 1, start);
  const bl0Avg = new CandleAverage(k, s.bodyLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const vs1 = vs1Avg.threshold(i - 1);
    const vs0 = vs0Avg.threshold(i);
    const bl1 = bl1Avg.threshold(i - 1);
    const bl0 = bl0Avg.threshold(i);
    if (
      k.color(i - 1) === -k.color(i) &&
      k.body(i - 1) > bl1 &&
      k.upperShadow(i - 1) < vs1 &&
      k.lowerShadow(i - 1) < vs1 &&
      k.body(i) > bl0 &&
      k.upperShadow(i) < vs0 &&
      k.lowerShadow(i) < vs0 &&
      ((k.color(i - 1) === -1 && k.gapUp(i, i - 1)) || (k.color(i - 1) === 1 && k.gapDown(i, i - 1)))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 1), bl1),
        under(k.upperShadow(i - 1), vs1),
        under(k.lowerShadow(i - 1), vs1),
        exceeds(k.body(i), bl0),
        under(k.upperShadow(i), vs0),
        under(k.lowerShadow(i), vs0),
      );
    }
    vs1Avg.advance(i);
    vs0Avg.advance(i);
    bl1Avg.advance(i);
    bl0Avg.advance(i);
  }
  return out;
}

export const CDLKICKING: CandlestickPattern = {
  code: 'cdlkicking',
  name: 'Kicking',
  description: 'Two opposite marubozu with a gap between them (sign of the second).',
  settings: ['shadowVeryShort', 'bodyLong'],
  lookback: cdlkickingLookback,
  detect: (k, s) => cdlkicking(k, s),
};
