import { emaInto, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `zlema`: lag + period − 1 with lag = ⌊(period − 1)/2⌋. */
export function zlemaLookback(period: number): number {
  return Math.floor((period - 1) / 2) + period - 1;
}

/**
 * Zero-lag EMA (Ehlers & Way): EMA of `2·x[t] − x[t − lag]`, lag = ⌊(period − 1)/2⌋, SMA-seeded.
 * Leading NaNs are skipped.
 */
export function zlema(values: Float64Array, period = 20): Float64Array {
  const n = values.length;
  const start = firstFinite(values);
  const lag = Math.floor((period - 1) / 2);
  const de = nanArray(n);
  for (let i = start + lag; i < n; i++) de[i] = 2 * values[i]! - values[i - lag]!;
  const out = nanArray(n);
  emaInto(de, period, out, Math.min(start + lag, n));
  return out;
}
