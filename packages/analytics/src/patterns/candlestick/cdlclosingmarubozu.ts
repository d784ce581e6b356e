import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLCLOSINGMARUBOZU_Lookback for these settings. */
export function cdlclosingmarubozuLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyLong.avgPeriod, s.shadowVeryShort.avgPeriod);
}

/**
 * Closing Marubozu (ta_CDLCLOSINGMARUBOZU.c): a long candle closing on its extreme: white with (almost) no
 * upper shadow → +100, black with (almost) no lower shadow → −100. Confidence: bodyLong and
 * shadowVeryShort of the closing-side shadow.
 */
export function cdlclosingmarubozu(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlclosingmarubozuLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (
      k.body(i) > bl &&
      ((k.color(i) === 1 && k.upperShadow(i) < vs) || (k.color(i) === -1 && k.lowerShadow(i) < vs))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i), bl),
        under(k.color(i) === 1 ? k.upperShadow(i) : k.lowerShadow(i), vs),
      );
    }
    blAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLCLOSINGMARUBOZU: CandlestickPattern = {
  code: 'cdlclosingmarubozu',
  name: 'Closing Marubozu',
  description: 'Long candle without a shadow on its closing side (sign of its colour).',
  settings: ['bodyLong', 'shadowVeryShort'],
  lookback: cdlclosingmarubozuLookback,
  detect: (k, s) => cdlclosingmarubozu(k, s),
};
