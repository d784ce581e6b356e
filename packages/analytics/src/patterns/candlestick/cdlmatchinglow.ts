import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLMATCHINGLOW_Lookback for these settings. */
export function cdlmatchinglowLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.equal.avgPeriod + 1;
}

/**
 * Matching Low (ta_CDLMATCHINGLOW.c): two black candles with (almost) equal closes → +100. Confidence: how
 * equal the closes are (equal).
 */
export function cdlmatchinglow(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlmatchinglowLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { close: c } = k;
  const eqAvg = new CandleAverage(k, s.equal, 1, start);
  for (let i = start; i < k.length; i++) {
    const eq = eqAvg.threshold(i - 1);
    if (k.color(i - 1) === -1 && k.color(i) === -1 && c[i]! <= c[i - 1]! + eq && c[i]! >= c[i - 1]! - eq) {
      out.signal[i] = 100;
      out.confidence[i] = under(Math.abs(c[i]! - c[i - 1]!), eq);
    }
    eqAvg.advance(i);
  }
  return out;
}

export const CDLMATCHINGLOW: CandlestickPattern = {
  code: 'cdlmatchinglow',
  name: 'Matching Low',
  description: 'Bullish: two black candles closing at the same price (+100).',
  settings: ['equal'],
  lookback: cdlmatchinglowLookback,
  detect: (k, s) => cdlmatchinglow(k, s),
};
