import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLABANDONEDBABY_Lookback for these settings. */
export function cdlabandonedbabyLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(Math.max(s.bodyDoji.avgPeriod, s.bodyLong.avgPeriod), s.bodyShort.avgPeriod) + 2;
}

/**
 * Abandoned Baby (ta_CDLABANDONEDBABY.c): a long candle, a doji whose whole range gaps away from it, and
 * an opposite candle gapping back and closing well within the 1st body (by `penetration`) → ±100 (sign of
 * the 3rd candle). Confidence: bodyLong of the 1st, bodyDoji of the 2nd, bodyShort of the 3rd.
 *
 * `penetration`: TA-Lib's optInPenetration (default 0.3); not validated here — the catalogue
 * entry validates it.
 */
export function cdlabandonedbaby(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
  penetration = 0.3,
): CandlestickResult {
  const start = cdlabandonedbabyLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  const bdAvg = new CandleAverage(k, s.bodyDoji, 1, start);
  const bsAvg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 2);
    const bd = bdAvg.threshold(i - 1);
    const bs = bsAvg.threshold(i);
    if (
      k.body(i - 2) > bl &&
      k.body(i - 1) <= bd &&
      k.body(i) > bs &&
      ((k.color(i - 2) === 1 &&
        k.color(i) === -1 &&
        c[i]! < c[i - 2]! - k.body(i - 2) * penetration &&
        k.gapUp(i - 1, i - 2) &&
        k.gapDown(i, i - 1)) ||
        (k.color(i - 2) === -1 &&
          k.color(i) === 1 &&
          c[i]! > c[i - 2]! + k.body(i - 2) * penetration &&
          k.gapDown(i - 1, i - 2) &&
          k.gapUp(i, i - 1)))
    ) {
      out.signal[i] = k.color(i) * 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 2), bl),
        under(k.body(i - 1), bd),
        exceeds(k.body(i), bs),
      );
    }
    blAvg.advance(i);
    bdAvg.advance(i);
    bsAvg.advance(i);
  }
  return out;
}

export const CDLABANDONEDBABY: CandlestickPattern = {
  code: 'cdlabandonedbaby',
  name: 'Abandoned Baby',
  description:
    'Reversal: a doji isolated by gaps on both sides between two opposite candles (sign of the third).',
  settings: ['bodyLong', 'bodyDoji', 'bodyShort'],
  penetration: 0.3,
  lookback: cdlabandonedbabyLookback,
  detect: (k, s, p) => cdlabandonedbaby(k, s, p),
};
