import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSEPARATINGLINES_Lookback for these settings. */
export function cdlseparatinglinesLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(Math.max(s.shadowVeryShort.avgPeriod, s.bodyLong.avgPeriod), s.equal.avgPeriod) + 1;
}

/**
 * Separating Lines (ta_CDLSEPARATINGLINES.c): a candle of the opposite colour opening (almost) at the
 * prior open, long, with a very short shadow on its opening side → ±100 (sign of the 2nd). Confidence:
 * equal of the opens, bodyLong and shadowVeryShort of the 2nd.
 */
export function cdlseparatinglines(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlseparatinglinesLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o } = k;
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  const blAvg = new CandleAverage(k, s.bodyLong, 0, start);
  const eqAvg = new CandleAverage(k, s.equal, 1, start);
  for (let i = start; i < k.length; i++) {
    const vs = vsAvg.threshold(i);
    const bl = blAvg.threshold(i);
    const eq = eqAvg.threshold(i - 1);
    if (
      k.color(i - 1) === -k.color(i) &&
      o[i]! <= o[i - 1]! + eq &&
      o[i]! >= o[i - 1]! - eq &&
      k.body(i) > bl &&
      ((k.color(i) === 1 && k.lowerShadow(i) < vs) || (k.color(i) === -1 && k.upperShadow(i) < vs))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        under(Math.abs(o[i]! - o[i - 1]!), eq),
        exceeds(k.body(i), bl),
        under(k.color(i) === 1 ? k.lowerShadow(i) : k.upperShadow(i), vs),
      );
    }
    vsAvg.advance(i);
    blAvg.advance(i);
    eqAvg.advance(i);
  }
  return out;
}

export const CDLSEPARATINGLINES: CandlestickPattern = {
  code: 'cdlseparatinglines',
  name: 'Separating Lines',
  description:
    'Opposite candle opening at the prior open and running away as a belt-hold (sign of the second).',
  settings: ['shadowVeryShort', 'bodyLong', 'equal'],
  lookback: cdlseparatinglinesLookback,
  detect: (k, s) => cdlseparatinglines(k, s),
};
