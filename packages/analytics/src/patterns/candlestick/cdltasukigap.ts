import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLTASUKIGAP_Lookback for these settings. */
export function cdltasukigapLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.near.avgPeriod + 2;
}

/**
 * Tasuki Gap (ta_CDLTASUKIGAP.c): a body gap followed by a same-direction candle and an opposite candle of
 * near-equal size opening inside the 2nd body and closing inside the gap → ±100 (sign of the 2nd).
 * Confidence: how near the two body sizes are (near).
 */
export function cdltasukigap(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdltasukigapLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const nrAvg = new CandleAverage(k, s.near, 1, start);
  for (let i = start; i < k.length; i++) {
    const nr = nrAvg.threshold(i - 1);
    if (
      (k.bodyGapUp(i - 1, i - 2) &&
        k.color(i - 1) === 1 &&
        k.color(i) === -1 &&
        o[i]! < c[i - 1]! &&
        o[i]! > o[i - 1]! &&
        c[i]! < o[i - 1]! &&
        c[i]! > k.bodyTop(i - 2) &&
        Math.abs(k.body(i - 1) - k.body(i)) < nr) ||
      (k.bodyGapDown(i - 1, i - 2) &&
        k.color(i - 1) === -1 &&
        k.color(i) === 1 &&
        o[i]! < o[i - 1]! &&
        o[i]! > c[i - 1]! &&
        c[i]! > o[i - 1]! &&
        c[i]! < k.bodyBottom(i - 2) &&
        Math.abs(k.body(i - 1) - k.body(i)) < nr)
    ) {
      out.signal[i] = k.color(i - 1) * 100;
      out.confidence[i] = under(Math.abs(k.body(i - 1) - k.body(i)), nr);
    }
    nrAvg.advance(i);
  }
  return out;
}

export const CDLTASUKIGAP: CandlestickPattern = {
  code: 'cdltasukigap',
  name: 'Tasuki Gap',
  description:
    'Continuation: gap partially filled by an opposite candle of similar size (sign of the gap candle).',
  settings: ['near'],
  lookback: cdltasukigapLookback,
  detect: (k, s) => cdltasukigap(k, s),
};
