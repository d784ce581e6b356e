import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

export function cdl3blackcrowsLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.shadowVeryShort.avgPeriod + 3;
}

/**
 * Three Black Crows (ta_CDL3BLACKCROWS.c): a white candle, then three declining black candles each
 * opening within the prior body and closing near its low → −100. Confidence: how short the three lower
 * shadows are (shadowVeryShort).
 */
export function cdl3blackcrows(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl3blackcrowsLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, high: h, close: c } = k;
  const vs2 = new CandleAverage(k, s.shadowVeryShort, 2, start);
  const vs1 = new CandleAverage(k, s.shadowVeryShort, 1, start);
  const vs0 = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const t2 = vs2.threshold(i - 2);
    const t1 = vs1.threshold(i - 1);
    const t0 = vs0.threshold(i);
    if (
      k.color(i - 3) === 1 &&
      k.color(i - 2) === -1 &&
      k.lowerShadow(i - 2) < t2 &&
      k.color(i - 1) === -1 &&
      k.lowerShadow(i - 1) < t1 &&
      k.color(i) === -1 &&
      k.lowerShadow(i) < t0 &&
      o[i - 1]! < o[i - 2]! &&
      o[i - 1]! > c[i - 2]! &&
      o[i]! < o[i - 1]! &&
      o[i]! > c[i - 1]! &&
      h[i - 3]! > c[i - 2]! &&
      c[i - 2]! > c[i - 1]! &&
      c[i - 1]! > c[i]!
    ) {
      out.signal[i] = -100;
      out.confidence[i] = meanScore(
        under(k.lowerShadow(i - 2), t2),
        under(k.lowerShadow(i - 1), t1),
        under(k.lowerShadow(i), t0),
      );
    }
    vs2.advance(i);
    vs1.advance(i);
    vs0.advance(i);
  }
  return out;
}

export const CDL3BLACKCROWS: CandlestickPattern = {
  code: 'cdl3blackcrows',
  name: 'Three Black Crows',
  description: 'Bearish reversal: three consecutive declining black candles closing near their lows (−100).',
  settings: ['shadowVeryShort'],
  lookback: cdl3blackcrowsLookback,
  detect: (k, s) => cdl3blackcrows(k, s),
};
