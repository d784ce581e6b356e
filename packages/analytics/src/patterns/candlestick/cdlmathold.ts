import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLMATHOLD_Lookback for these settings. */
export function cdlmatholdLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 4;
}

/**
 * Mat Hold (ta_CDLMATHOLD.c): a long white candle, a short black candle gapping up, two short candles
 * drifting down but holding within the 1st body (by `penetration`), then a white candle closing above the
 * three reaction highs → +100. Confidence: bodyLong of the 1st and bodyShort of the three reaction
 * candles.
 *
 * `penetration`: TA-Lib's optInPenetration (default 0.5); not validated here — the catalogue
 * entry validates it.
 */
export function cdlmathold(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
  penetration = 0.5,
): CandlestickResult {
  const start = cdlmatholdLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, close: c } = k;
  const bl4Avg = new CandleAverage(k, s.bodyLong, 4, start);
  const bs3Avg = new CandleAverage(k, s.bodyShort, 3, start);
  const bs2Avg = new CandleAverage(k, s.bodyShort, 2, start);
  const bs1Avg = new CandleAverage(k, s.bodyShort, 1, start);
  for (let i = start; i < k.length; i++) {
    const bl4 = bl4Avg.threshold(i - 4);
    const bs3 = bs3Avg.threshold(i - 3);
    const bs2 = bs2Avg.threshold(i - 2);
    const bs1 = bs1Avg.threshold(i - 1);
    if (
      k.body(i - 4) > bl4 &&
      k.body(i - 3) < bs3 &&
      k.body(i - 2) < bs2 &&
      k.body(i - 1) < bs1 &&
      k.color(i - 4) === 1 &&
      k.color(i - 3) === -1 &&
      k.color(i) === 1 &&
      k.bodyGapUp(i - 3, i - 4) &&
      k.bodyBottom(i - 2) < c[i - 4]! &&
      k.bodyBottom(i - 1) < c[i - 4]! &&
      k.bodyBottom(i - 2) > c[i - 4]! - k.body(i - 4) * penetration &&
      k.bodyBottom(i - 1) > c[i - 4]! - k.body(i - 4) * penetration &&
      k.bodyTop(i - 2) < o[i - 3]! &&
      k.bodyTop(i - 1) < k.bodyTop(i - 2) &&
      o[i]! > c[i - 1]! &&
      c[i]! > Math.max(Math.max(h[i - 3]!, h[i - 2]!), h[i - 1]!)
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        exceeds(k.body(i - 4), bl4),
        under(k.body(i - 3), bs3),
        under(k.body(i - 2), bs2),
        under(k.body(i - 1), bs1),
      );
    }
    bl4Avg.advance(i);
    bs3Avg.advance(i);
    bs2Avg.advance(i);
    bs1Avg.advance(i);
  }
  return out;
}

export const CDLMATHOLD: CandlestickPattern = {
  code: 'cdlmathold',
  name: 'Mat Hold',
  description: 'Bullish continuation: rising-three variant with a gap (+100).',
  settings: ['bodyShort', 'bodyLong'],
  penetration: 0.5,
  lookback: cdlmatholdLookback,
  detect: (k, s, p) => cdlmathold(k, s, p),
};
