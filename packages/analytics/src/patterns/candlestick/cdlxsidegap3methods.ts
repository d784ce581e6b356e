import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLXSIDEGAP3METHODS_Lookback for these settings. */
export function cdlxsidegap3methodsLookback(_s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return 2;
}

/**
 * Upside/Downside Gap Three Methods (ta_CDLXSIDEGAP3METHODS.c): two same-colour candles with a body gap
 * between them, then an opposite candle opening inside the 2nd body and closing inside the 1st, filling
 * the gap → ±100 (sign of the 1st). Confidence: how far the 3rd body exceeds the gap it fills.
 */
export function cdlxsidegap3methods(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlxsidegap3methodsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  for (let i = start; i < k.length; i++) {
    if (
      k.color(i - 2) === k.color(i - 1) &&
      k.color(i - 1) === -k.color(i) &&
      o[i]! < k.bodyTop(i - 1) &&
      o[i]! > k.bodyBottom(i - 1) &&
      c[i]! < k.bodyTop(i - 2) &&
      c[i]! > k.bodyBottom(i - 2) &&
      ((k.color(i - 2) === 1 && k.bodyGapUp(i - 1, i - 2)) ||
        (k.color(i - 2) === -1 && k.bodyGapDown(i - 1, i - 2)))
    ) {
      out.signal[i] = k.color(i - 2) * 100;
      out.confidence[i] = exceeds(
        k.body(i),
        k.color(i - 2) === 1
          ? k.bodyBottom(i - 1) - k.bodyTop(i - 2)
          : k.bodyBottom(i - 2) - k.bodyTop(i - 1),
      );
    }
  }
  return out;
}

export const CDLXSIDEGAP3METHODS: CandlestickPattern = {
  code: 'cdlxsidegap3methods',
  name: 'Upside/Downside Gap Three Methods',
  description: 'Continuation: a gap closed by an opposite candle (sign of the first candle).',
  settings: [],
  lookback: cdlxsidegap3methodsLookback,
  detect: (k, s) => cdlxsidegap3methods(k, s),
};
