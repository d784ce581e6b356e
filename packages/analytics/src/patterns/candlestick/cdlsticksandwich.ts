import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLSTICKSANDWICH_Lookback for these settings. */
export function cdlsticksandwichLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.equal.avgPeriod + 2;
}

/**
 * Stick Sandwich (ta_CDLSTICKSANDWICH.c): black, white trading above the 1st close, then black closing
 * (almost) at the 1st close → +100. Confidence: how equal the two black closes are (equal).
 */
export function cdlsticksandwich(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlsticksandwichLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { low: l, close: c } = k;
  const eqAvg = new CandleAverage(k, s.equal, 2, start);
  for (let i = start; i < k.length; i++) {
    const eq = eqAvg.threshold(i - 2);
    if (
      k.color(i - 2) === -1 &&
      k.color(i - 1) === 1 &&
      k.color(i) === -1 &&
      l[i - 1]! > c[i - 2]! &&
      c[i]! <= c[i - 2]! + eq &&
      c[i]! >= c[i - 2]! - eq
    ) {
      out.signal[i] = 100;
      out.confidence[i] = under(Math.abs(c[i]! - c[i - 2]!), eq);
    }
    eqAvg.advance(i);
  }
  return out;
}

export const CDLSTICKSANDWICH: CandlestickPattern = {
  code: 'cdlsticksandwich',
  name: 'Stick Sandwich',
  description: 'Bullish: two black candles with equal closes around a white one (+100).',
  settings: ['equal'],
  lookback: cdlsticksandwichLookback,
  detect: (k, s) => cdlsticksandwich(k, s),
};
