import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLEVENINGSTAR_Lookback for these settings. */
export function cdleveningstarLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 2;
}

/**
 * Evening Star (ta_CDLEVENINGSTAR.c): long white, a short candle gapping up, then a black candle (not
 * short) closing well within the 1st body (by `penetration`) → −100. Confidence: bodyLong of the 1st,
 * bodyShort of the 2nd and 3rd.
 *
 * `penetration`: TA-Lib's optInPenetration (default 0.3); not validated here — the catalogue
 * entry validates it.
 */
export function cdleveningstar(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
  penetration = 0.3,
): CandlestickResult {
  const start = cdleveningstarLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { close: c } = k;
  const blAvg = new CandleAverage(k, s.bodyLong, 2, start);
  const bs1Avg = new CandleAverage(k, s.bodyShort, 1, start);
  const bs0Avg = new CandleAverage(k, s.bodyShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bl = blAvg.threshold(i - 2);
    const bs1 = bs1Avg.threshold(i - 1);
    const bs0 = bs0Avg.threshold(i);
    if (
      k.body(i - 2) > bl &&
      k.color(i - 2) === 1 &&
      k.body(i - 1) <= bs1 &&
      k.bodyGapUp(i - 1, i - 2) &&
      k.body(i) > bs0 &&
      k.color(i) === -1 &&
      c[i]! < c[i - 2]! - k.body(i - 2) * penetration
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 2), bl),
        under(k.body(i - 1), bs1),
        exceeds(k.body(i), bs0),
      );
    }
    blAvg.advance(i);
    bs1Avg.advance(i);
    bs0Avg.advance(i);
  }
  return out;
}

export const CDLEVENINGSTAR: CandlestickPattern = {
  code: 'cdleveningstar',
  name: 'Evening Star',
  description: 'Bearish three-candle top with a star (−100).',
  settings: ['bodyShort', 'bodyLong'],
  penetration: 0.3,
  lookback: cdleveningstarLookback,
  detect: (k, s, p) => cdleveningstar(k, s, p),
};
