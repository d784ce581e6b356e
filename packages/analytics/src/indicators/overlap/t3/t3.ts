import { emaChainInto, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `t3` (TA-Lib: 6 × EMA lookback). */
export function t3Lookback(period: number): number {
  return 6 * (period - 1);
}

/**
 * Tillson T3 kernel: six chained EMAs (each SMA-seeded on its input's first defined bars, as TA-Lib
 * `TA_T3`) combined with the volume-factor coefficients c1..c4.
 */
export function t3Into(
  src: Float64Array,
  period: number,
  out: Float64Array,
  start = 0,
  vFactor = 0.7,
): number {
  const a = vFactor;
  const a2 = a * a;
  const a3 = a2 * a;
  const c1 = -a3;
  const c2 = 3 * a2 + 3 * a3;
  const c3 = -6 * a2 - 3 * a - 3 * a3;
  const c4 = 1 + 3 * a + a3 + 3 * a2;
  return emaChainInto(src, period, [0, 0, c4, c3, c2, c1], out, start);
}

/** Tillson T3 moving average. Leading NaNs are skipped. */
export function t3(values: Float64Array, period = 5, vFactor = 0.7): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  t3Into(values, period, out, firstFinite(values), vFactor);
  return out;
}
