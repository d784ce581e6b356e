import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLENGULFING_Lookback for these settings. */
export function cdlengulfingLookback(_s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return 2;
}

/**
 * Engulfing Pattern (ta_CDLENGULFING.c): a candle whose real body engulfs the prior opposite-colour body →
 * ±100 (sign of the 2nd); ±80 when the bodies match on one end (TA-Lib 0.4 behaviour, after Greg Morris).
 * Confidence: how far the engulfing body exceeds the engulfed one.
 */
export function cdlengulfing(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlengulfingLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  for (let i = start; i < k.length; i++) {
    if (
      (k.color(i) === 1 &&
        k.color(i - 1) === -1 &&
        ((c[i]! >= o[i - 1]! && o[i]! < c[i - 1]!) || (c[i]! > o[i - 1]! && o[i]! <= c[i - 1]!))) ||
      (k.color(i) === -1 &&
        k.color(i - 1) === 1 &&
        ((o[i]! >= c[i - 1]! && c[i]! < o[i - 1]!) || (o[i]! > c[i - 1]! && c[i]! <= o[i - 1]!)))
    ) {
      out.signal[i] = k.color(i) * (o[i]! !== c[i - 1]! && c[i]! !== o[i - 1]! ? 100 : 80);
      out.confidence[i] = exceeds(k.body(i), k.body(i - 1));
    }
  }
  return out;
}

export const CDLENGULFING: CandlestickPattern = {
  code: 'cdlengulfing',
  name: 'Engulfing Pattern',
  description: 'Second real body engulfs the first, opposite colour (±100; ±80 when one end matches).',
  settings: [],
  lookback: cdlengulfingLookback,
  detect: (k, s) => cdlengulfing(k, s),
};
