import { nanArray, smaInto } from '../../core/index.js';
import { requireInt, requireReal } from '../../math/guards.js';
import { atr } from '../atr/atr.js';
import type { Bands } from '../keltner/keltner.js';

/** Lookback of `starc`: max(smaPeriod − 1, atrPeriod). */
export function starcLookback(smaPeriod: number, atrPeriod: number): number {
  return Math.max(smaPeriod - 1, atrPeriod);
}

/**
 * STARC bands (Manning Stoller; Stock.Indicators `ToStarcBands` defaults 5, 2, 10): middle =
 * SMA(close, smaPeriod), bands = middle ± multiplier × ATR(atrPeriod).
 */
export function starc(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  smaPeriod = 5,
  multiplier = 2,
  atrPeriod = 10,
): Bands {
  requireInt('smaPeriod', smaPeriod, 1, 100000);
  requireReal('multiplier', multiplier, 0, 1e6);
  const n = close.length;
  const range = atr(high, low, close, atrPeriod);
  const middle = nanArray(n);
  smaInto(close, smaPeriod, middle);
  const lb = starcLookback(smaPeriod, atrPeriod);
  const upper = nanArray(n);
  const lower = nanArray(n);
  for (let i = lb; i < n; i++) {
    const w = multiplier * range[i];
    upper[i] = middle[i] + w;
    lower[i] = middle[i] - w;
  }
  middle.fill(Number.NaN, 0, Math.min(n, lb));
  return { upper, middle, lower };
}
