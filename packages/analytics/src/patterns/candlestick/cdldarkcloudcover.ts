import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLDARKCLOUDCOVER_Lookback for these settings. */
export function cdldarkcloudcoverLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.bodyLong.avgPeriod + 1;
}

/**
 * Dark Cloud Cover (ta_CDLDARKCLOUDCOVER.c): a long white candle, then a black candle opening above its
 * high and closing well within its body (below close − body × `penetration`) but above its open → −100.
 * Confidence: bodyLong of the 1st candle.
 *
 * `penetration`: TA-Lib's optInPenetration (default 0.5); not validated here — the catalogue
 * entry validates it.
 */
export function cdldarkcloudcover(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
  penetration = 0.5,
): CandlestickResult {
  const start = cdldarkcloudcoverLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 1, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 1);
    if (
      k.color(i - 1) === 1 &&
      k.body(i - 1) > bl &&
      k.color(i) === -1 &&
      o[i]! > h[i - 1]! &&
      c[i]! > o[i - 1]! &&
      c[i]! < c[i - 1]! - k.body(i - 1) * penetration
    ) {
      out.signal[i] = -100;
      out.confidence[i] = exceeds(k.body(i - 1), bl);
    }
    blAvg.advance(i);
  }
  return out;
}

export const CDLDARKCLOUDCOVER: CandlestickPattern = {
  code: 'cdldarkcloudcover',
  name: 'Dark Cloud Cover',
  description:
    'Bearish: black candle opening above the prior high and closing deep into the prior white body (−100).',
  settings: ['bodyLong'],
  penetration: 0.5,
  lookback: cdldarkcloudcoverLookback,
  detect: (k, s, p) => cdldarkcloudcover(k, s, p),
};
