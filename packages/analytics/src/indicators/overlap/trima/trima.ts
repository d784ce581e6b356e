import { firstFinite, nanArray, smaInto } from '../../core/index.js';

/** Leading NaN bars of `trima`. */
export function trimaLookback(period: number): number {
  return period - 1;
}

/**
 * Triangular moving average kernel: an SMA of an SMA whose lengths add up to period + 1
 * (odd period 2k+1: k+1 and k+1; even period 2k: k and k+1) — the same triangular weights as TA-Lib.
 */
export function trimaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const a = period % 2 === 1 ? (period + 1) / 2 : period / 2;
  const b = period + 1 - a;
  const tmp = new Float64Array(src.length);
  const f = smaInto(src, a, tmp, start);
  return smaInto(tmp, b, out, f);
}

/** Triangular moving average. Leading NaNs are skipped. */
export function trima(values: Float64Array, period = 30): Float64Array {
  const out = nanArray(values.length);
  trimaInto(values, period, out, firstFinite(values));
  return out;
}
