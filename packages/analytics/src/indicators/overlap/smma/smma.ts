import { firstFinite, nanArray, wilderInto } from '../../core/index.js';

/** Leading NaN bars of `smma`. */
export function smmaLookback(period: number): number {
  return period - 1;
}

/**
 * Smoothed moving average (Wilder's RMA): alpha = 1/period, seeded with the SMA of the first
 * `period` values. Leading NaNs are skipped.
 */
export function smma(values: Float64Array, period = 20): Float64Array {
  const out = nanArray(values.length);
  wilderInto(values, period, out, firstFinite(values));
  return out;
}
