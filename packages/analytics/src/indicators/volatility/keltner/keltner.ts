import { emaInto, nanArray } from '../../core/index.js';
import { requireInt, requireReal } from '../../math/guards.js';
import { atr } from '../atr/atr.js';

/** Lookback of `keltner`: max(emaPeriod − 1, atrPeriod). */
export function keltnerLookback(emaPeriod: number, atrPeriod: number): number {
  return Math.max(emaPeriod - 1, atrPeriod);
}

export type Bands = {
  readonly upper: Float64Array;
  readonly middle: Float64Array;
  readonly lower: Float64Array;
};

/**
 * Keltner channels (Stock.Indicators `ToKeltner` convention): middle = EMA(close, emaPeriod) seeded
 * with an SMA, bands = middle ± multiplier × ATR(atrPeriod) (Wilder, TA-Lib seeding).
 */
export function keltner(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  emaPeriod = 20,
  multiplier = 2,
  atrPeriod = 10,
): Bands {
  requireInt('emaPeriod', emaPeriod, 1, 100000);
  requireReal('multiplier', multiplier, 0, 1e6);
  const n = close.length;
  const range = atr(high, low, close, atrPeriod);
  const middle = nanArray(n);
  emaInto(close, emaPeriod, middle);
  const upper = nanArray(n);
  const lower = nanArray(n);
  for (let i = keltnerLookback(emaPeriod, atrPeriod); i < n; i++) {
    const w = multiplier * range[i];
    upper[i] = middle[i] + w;
    lower[i] = middle[i] - w;
  }
  middle.fill(Number.NaN, 0, Math.min(n, keltnerLookback(emaPeriod, atrPeriod)));
  return { upper, middle, lower };
}
