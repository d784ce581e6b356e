import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLBELTHOLD_Lookback for these settings. */
export function cdlbeltholdLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyLong.avgPeriod, s.shadowVeryShort.avgPeriod);
}

/**
 * Belt-hold (ta_CDLBELTHOLD.c): a long candle opening on its extreme: white with (almost) no lower shadow
 * → +100, black with (almost) no upper shadow → −100. Confidence: bodyLong and shadowVeryShort of the
 * opening-side shadow.
 */
export function cdlbelthold(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlbeltholdLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const blAvg = new CandleAverage(k, s.bodyLong, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (
      k.body(i) > bl &&
      ((k.color(i) === 1 && k.lowerShadow(i) < vs) || (k.color(i) === -1 && k.upperShadow(i) < vs))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i), bl),
        under(k.color(i) === 1 ? k.lowerShadow(i) : k.upperShadow(i), vs),
      );
    }
    blAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLBELTHOLD: CandlestickPattern = {
  code: 'cdlbelthold',
  name: 'Belt-hold',
  description: 'Long candle that opens at its low (+100) or high (−100).',
  settings: ['bodyLong', 'shadowVeryShort'],
  lookback: cdlbeltholdLookback,
  detect: (k, s) => cdlbelthold(k, s),
};
