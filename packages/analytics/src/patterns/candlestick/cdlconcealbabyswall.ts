import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLCONCEALBABYSWALL_Lookback for these settings. */
export function cdlconcealbabyswallLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return s.shadowVeryShort.avgPeriod + 3;
}

/**
 * Concealing Baby Swallow (ta_CDLCONCEALBABYSWALL.c): two black marubozu, a black candle gapping down
 * whose upper shadow reaches into the 2nd body, and a black candle engulfing the 3rd including shadows →
 * +100. Confidence: shadowVeryShort of the two marubozu's shadows.
 */
export function cdlconcealbabyswall(
  k: Candles,
  s: CandleSettings = DEFAULT_CANDLE_SETTINGS,
): CandlestickResult {
  const start = cdlconcealbabyswallLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { high: h, low: l, close: c } = k;
  const vs3Avg = new CandleAverage(k, s.shadowVeryShort, 3, start);
  const vs2Avg = new CandleAverage(k, s.shadowVeryShort, 2, start);
  const vs1Avg = new CandleAverage(k, s.shadowVeryShort, 1, start);
  for (let i = start; i < k.length; i++) {
    const vs3 = vs3Avg.threshold(i - 3);
    const vs2 = vs2Avg.threshold(i - 2);
    const vs1 = vs1Avg.threshold(i - 1);
    if (
      k.color(i - 3) === -1 &&
      k.color(i - 2) === -1 &&
      k.color(i - 1) === -1 &&
      k.color(i) === -1 &&
      k.lowerShadow(i - 3) < vs3 &&
      k.upperShadow(i - 3) < vs3 &&
      k.lowerShadow(i - 2) < vs2 &&
      k.upperShadow(i - 2) < vs2 &&
      k.bodyGapDown(i - 1, i - 2) &&
      k.upperShadow(i - 1) > vs1 &&
      h[i - 1]! > c[i - 2]! &&
      h[i]! > h[i - 1]! &&
      l[i]! < l[i - 1]!
    ) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(
        under(k.lowerShadow(i - 3), vs3),
        under(k.upperShadow(i - 3), vs3),
        under(k.lowerShadow(i - 2), vs2),
        under(k.upperShadow(i - 2), vs2),
      );
    }
    vs3Avg.advance(i);
    vs2Avg.advance(i);
    vs1Avg.advance(i);
  }
  return out;
}

export const CDLCONCEALBABYSWALL: CandlestickPattern = {
  code: 'cdlconcealbabyswall',
  name: 'Concealing Baby Swallow',
  description: 'Bullish: two black marubozu followed by a swallowed black candle (+100).',
  settings: ['shadowVeryShort'],
  lookback: cdlconcealbabyswallLookback,
  detect: (k, s) => cdlconcealbabyswall(k, s),
};
