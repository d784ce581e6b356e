import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { exceeds, meanScore, under } from './confidence.js';

export function cdl3insideLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyShort.avgPeriod, s.bodyLong.avgPeriod) + 2;
}

/**
 * Three Inside Up/Down (ta_CDL3INSIDE.c): a long candle, a short candle inside its body (harami), and a
 * third candle closing beyond the first one's open → +100 up / −100 down. Confidence: bodyLong of the 1st,
 * bodyShort of the 2nd.
 */
export function cdl3inside(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdl3insideLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const { open: o, close: c } = k;
  const bodyLong = new CandleAverage(k, s.bodyLong, 2, start);
  const bodyShort = new CandleAverage(k, s.bodyShort, 1, start);
  for (let i = start; i < k.length; i++) {
    const bl = bodyLong.threshold(i - 2);
    const bs = bodyShort.threshold(i - 1);
    if (
      k.body(i - 2) > bl &&
      k.body(i - 1) <= bs &&
      k.bodyTop(i - 1) < k.bodyTop(i - 2) &&
      k.bodyBottom(i - 1) > k.bodyBottom(i - 2) &&
      ((k.color(i - 2) === 1 && k.color(i) === -1 && c[i]! < o[i - 2]!) ||
        (k.color(i - 2) === -1 && k.color(i) === 1 && c[i]! > o[i - 2]!))
    ) {
      out.signal[i] = -k.color(i - 2) * 100;
      out.confidence[i] = meanScore(exceeds(k.body(i - 2), bl), under(k.body(i - 1), bs));
    }
    bodyLong.advance(i);
    bodyShort.advance(i);
  }
  return out;
}

export const CDL3INSIDE: CandlestickPattern = {
  code: 'cdl3inside',
  name: 'Three Inside Up/Down',
  description: 'Harami confirmed by a third candle closing beyond the first open (+100 up, −100 down).',
  settings: ['bodyLong', 'bodyShort'],
  lookback: cdl3insideLookback,
  detect: (k, s) => cdl3inside(k, s),
};
