import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLKICKINGBYLENGTH_Lookback for these settings. */
export function cdlkickingbylengthLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.shadowVeryShort.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Kicking - bull/bear determined by the longer marubozu (ta_CDLKICKINGBYLENGTH.c): as Kicking, but the
 * sign is the colour of the longer marubozu → ±100. Confidence: bodyLong and shadowVeryShort of both
 * candles.
 */
export function cdlkickingbylength(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlkickingbylengthLookback(s);
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
      out.signal[i] = k.color(k.body(i) > k.body(i - 1) ? i : i - 1) * 100;
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

export const CDLKICKINGBYLENGTH: CandlestickPattern = {
  code: 'cdlkickingbylength',
  name: 'Kicking - bull/bear determined by the longer marubozu',
  description: 'Kicking, signed by the longer of the two marubozu.',
  settings: ['shadowVeryShort', 'bodyLong'],
  lookback: cdlkickingbylengthLookback,
  detect: (k, s) => cdlkickingbylength(k, s),
};
