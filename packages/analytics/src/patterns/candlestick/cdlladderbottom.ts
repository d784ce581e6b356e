import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLLADDERBOTTOM_Lookback for these settings. */
export function cdlladderbottomLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.shadowVeryShort.avgPeriod + 4;
}

/**
 * Ladder Bottom (ta_CDLLADDERBOTTOM.c): three declining black candles, a 4th black candle with an upper
 * shadow that is not very short, then a white candle opening above the 4th open and closing above its high
 * → +100. Confidence: how clearly the 4th upper shadow exceeds shadowVeryShort.
 */
export function cdlladderbottom(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlladderbottomLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, close: c } = k;
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  for (let i = start; i < k.length; i++) {
    const vs = vsAvg.threshold(i - 1);
    if (
      k.color(i - 4) === -1 &&
      k.color(i - 3) === -1 &&
      k.color(i - 2) === -1 &&
      o[i - 4]! > o[i - 3]! &&
      o[i - 3]! > o[i - 2]! &&
      c[i - 4]! > c[i - 3]! &&
      c[i - 3]! > c[i - 2]! &&
      k.color(i - 1) === -1 &&
      k.upperShadow(i - 1) > vs &&
      k.color(i) === 1 &&
      o[i]! > o[i - 1]! &&
      c[i]! > h[i - 1]!
    ) {
      out.signal[i] = 100;
      out.confidence[i] = exceeds(k.upperShadow(i - 1), vs);
    }
    vsAvg.advance(i);
  }
  return out;
}

export const CDLLADDERBOTTOM: CandlestickPattern = {
  code: 'cdlladderbottom',
  name: 'Ladder Bottom',
  description: 'Bullish five-candle bottom (+100).',
  settings: ['shadowVeryShort'],
  lookback: cdlladderbottomLookback,
  detect: (k, s) => cdlladderbottom(k, s),
};
