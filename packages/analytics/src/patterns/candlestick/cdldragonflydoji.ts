import { CandleAverage } from './candle-average.js';
import { type CandleSettings, DEFAULT_CANDLE_SETTINGS } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickPattern } from './candlestick-pattern.js';
import { type CandlestickResult, emptyCandlestickResult } from './candlestick-result.js';
import { meanScore, under } from './confidence.js';

/** Bars before the first output: TA-Lib's TA_CDLDRAGONFLYDOJI_Lookback for these settings. */
export function cdldragonflydojiLookback(s: CandleSettings = DEFAULT_CANDLE_SETTINGS): number {
  return Math.max(s.bodyDoji.avgPeriod, s.shadowVeryShort.avgPeriod);
}

/**
 * Dragonfly Doji (ta_CDLDRAGONFLYDOJI.c): doji with a very short upper shadow and a lower shadow that is
 * not very short → +100. Confidence: bodyDoji and the upper shadow under shadowVeryShort.
 */
export function cdldragonflydoji(k: Candles, s: CandleSettings = DEFAULT_CANDLE_SETTINGS): CandlestickResult {
  const start = cdldragonflydojiLookback(s);
  const out = emptyCandlestickResult(k.length, start);
  if (start >= k.length) return out;
  const bdAvg = new CandleAverage(k, s.bodyDoji, 0, start);
  const vsAvg = new CandleAverage(k, s.shadowVeryShort, 0, start);
  for (let i = start; i < k.length; i++) {
    const bd = bdAvg.threshold(i);
    const vs = vsAvg.threshold(i);
    if (k.body(i) <= bd && k.upperShadow(i) < vs && k.lowerShadow(i) > vs) {
      out.signal[i] = 100;
      out.confidence[i] = meanScore(under(k.body(i), bd), under(k.upperShadow(i), vs));
    }
    bdAvg.advance(i);
    vsAvg.advance(i);
  }
  return out;
}

export const CDLDRAGONFLYDOJI: CandlestickPattern = {
  code: 'cdldragonflydoji',
  name: 'Dragonfly Doji',
  description: 'Doji with open and close at the high (+100).',
  settings: ['bodyDoji', 'shadowVeryShort'],
  lookback: cdldragonflydojiLookback,
  detect: (k, s) => cdldragonflydoji(k, s),
};
