import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDL3OUTSIDE_Lookback for these settings. */
export function cdl3outsideLookback(_s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return 3;
}

/**
 * Three Outside Up/Down (ta_CDL3OUTSIDE.c): an engulfing pair confirmed by a third candle closing beyond
 * the engulfing close → +100 up / −100 down. Confidence: how far the engulfing body exceeds the engulfed
 * one.
 */
export function cdl3outside(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl3outsideLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  for (let i = start; i < k.length; i++) {
    if (
      (k.color(i - 1) === 1 &&
        k.color(i - 2) === -1 &&
        c[i - 1]! > o[i - 2]! &&
        o[i - 1]! < c[i - 2]! &&
        c[i]! > c[i - 1]!) ||
      (k.color(i - 1) === -1 &&
        k.color(i - 2) === 1 &&
        o[i - 1]! > c[i - 2]! &&
        c[i - 1]! < o[i - 2]! &&
        c[i]! < c[i - 1]!)
    ) {
      out.signal[i] = k.color(i - 1) * 100;
      out.confidence[i] = exceeds(k.body(i - 1), k.body(i - 2));
    }
  }
  return out;
}

export const CDL3OUTSIDE: CandlestickPattern = {
  code: 'cdl3outside',
  name: 'Three Outside Up/Down',
  description: 'Engulfing pattern confirmed by a third candle (+100 up, −100 down).',
  settings: [],
  lookback: cdl3outsideLookback,
  detect: (k, s) => cdl3outside(k, s),
};
