import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLCOUNTERATTACK_Lookback for these settings. */
export function cdlcounterattackLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.equal.avgPeriod, s.bodyLong.avgPeriod) + 1;
}

/**
 * Counterattack (ta_CDLCOUNTERATTACK.c): two long candles of opposite colour closing at (almost) the same
 * price → ±100 (sign of the 2nd). Confidence: bodyLong of both candles and how equal the closes are
 * (equal).
 */
export function cdlcounterattack(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlcounterattackLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { close: c } = k;
  const eqAvg = new CandleAverage(k, s.equal, 1, start);
  const bl1Avg = new CandleAverage(k, s.bodyLong, 1, start);
  const bl0Avg = new CandleAverage(k, s.bodyLong, 0, start);
  for (let i = start; i < k.length; i++) {
    const eq = eqAvg.threshold(i - 1);
    const bl1 = bl1Avg.threshold(i - 1);
    const bl0 = bl0Avg.threshold(i);
    if (
      k.color(i - 1) === -k.color(i) &&
      k.body(i - 1) > bl1 &&
      k.body(i) > bl0 &&
      c[i]! <= c[i - 1]! + eq &&
      c[i]! >= c[i - 1]! - eq
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 1), bl1),
        exceeds(k.body(i), bl0),
        under(Math.abs(c[i]! - c[i - 1]!), eq),
      );
    }
    eqAvg.advance(i);
    bl1Avg.advance(i);
    bl0Avg.advance(i);
  }
  return out;
}

export const CDLCOUNTERATTACK: CandlestickPattern = {
  code: 'cdlcounterattack',
  name: 'Counterattack',
  description: 'Two long opposite candles with equal closes (sign of the second).',
  settings: ['equal', 'bodyLong'],
  lookback: cdlcounterattackLookback,
  detect: (k, s) => cdlcounterattack(k, s),
};
