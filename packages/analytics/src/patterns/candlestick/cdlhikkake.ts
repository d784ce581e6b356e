import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';

export function cdlhikkakeLookback(_s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return 5;
}

/** Inside bar at i−1 followed by a breakout bar at i: +1 (bullish: lower high and lower low), −1, or 0. */
function hikkakeSetup(k: Candles, i: number): number {
  const { high: h, low: l } = k;
  if (
    h[i - 1]! < h[i - 2]! &&
    l[i - 1]! > l[i - 2]! &&
    ((h[i]! < h[i - 1]! && l[i]! < l[i - 1]!) || (h[i]! > h[i - 1]! && l[i]! > l[i - 1]!))
  ) {
    return h[i]! < h[i - 1]! ? 1 : -1;
  }
  return 0;
}

/**
 * Hikkake (ta_CDLHIKKAKE.c): an inside bar followed by a false breakout → +100 (breakout down) or −100
 * (breakout up) on the breakout bar; within the next 3 bars a close beyond the inside bar's opposite
 * extreme confirms it → +200 / −200. State carries from bars before the first output as in TA-Lib.
 * Confidence: 0.5 for the setup, 1 for the confirmation.
 */
export function cdlhikkake(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdlhikkakeLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { high: h, low: l, close: c } = k;
  let patternIdx = 0;
  let patternResult = 0;
  for (let i = start - 3; i < k.length; i++) {
    const setup = hikkakeSetup(k, i);
    if (setup !== 0) {
      patternResult = 100 * setup;
      patternIdx = i;
      if (i >= start) {
        out.signal[i] = patternResult;
        out.confidence[i] = 0.5;
      }
    } else if (
      i <= patternIdx + 3 &&
      ((patternResult > 0 && c[i]! > h[patternIdx - 1]!) || (patternResult < 0 && c[i]! < l[patternIdx - 1]!))
    ) {
      if (i >= start) {
        out.signal[i] = patternResult + 100 * (patternResult > 0 ? 1 : -1);
        out.confidence[i] = 1;
      }
      patternIdx = 0;
    }
  }
  return out;
}

export const CDLHIKKAKE: CandlestickPattern = {
  code: 'cdlhikkake',
  name: 'Hikkake Pattern',
  description: 'Inside bar then false breakout (±100), confirmed within 3 bars (±200).',
  settings: [],
  lookback: cdlhikkakeLookback,
  detect: (k, s) => cdlhikkake(k, s),
};
