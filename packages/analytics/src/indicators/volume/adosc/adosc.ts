import { nanArray } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';
import { ad } from '../ad/ad.js';

/** Lookback of `adosc`: max(fast, slow) − 1. */
export function adoscLookback(fastPeriod: number, slowPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1;
}

/**
 * Chaikin A/D oscillator (TA-Lib `ADOSC`): EMA(fast) − EMA(slow) of the A/D line, both EMAs seeded with
 * the first A/D value (TA-Lib, not an SMA seed).
 */
export function adosc(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  fastPeriod = 3,
  slowPeriod = 10,
): Float64Array {
  requireInt('fastPeriod', fastPeriod, 2, 100000);
  requireInt('slowPeriod', slowPeriod, 2, 100000);
  const line = ad(high, low, close, volume);
  const n = line.length;
  const out = nanArray(n);
  if (n === 0) return out;
  const kf = 2 / (fastPeriod + 1);
  const ks = 2 / (slowPeriod + 1);
  let fast = line[0];
  let slow = line[0];
  const lb = adoscLookback(fastPeriod, slowPeriod);
  for (let i = 1; i < n; i++) {
    const a = line[i];
    fast = kf * a + (1 - kf) * fast;
    slow = ks * a + (1 - ks) * slow;
    if (i >= lb) out[i] = fast - slow;
  }
  return out;
}
