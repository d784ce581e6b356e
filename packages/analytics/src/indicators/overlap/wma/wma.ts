import { firstFinite, wmaInto } from '../../core/index.js';

/** Leading NaN bars of `wma`. */
export function wmaLookback(period: number): number {
  return period - 1;
}

/** Linearly weighted moving average (weights 1..period, newest heaviest). Leading NaNs are skipped. */
export function wma(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  wmaInto(values, period, out, firstFinite(values));
  return out;
}
