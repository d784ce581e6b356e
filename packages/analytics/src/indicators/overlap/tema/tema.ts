import { emaChainInto, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `tema` (TA-Lib: 3 × EMA lookback). */
export function temaLookback(period: number): number {
  return 3 * (period - 1);
}

/** TEMA kernel: 3·EMA − 3·EMA² + EMA³, each EMA SMA-seeded on its input's first defined bars. */
export function temaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  return emaChainInto(src, period, [3, -3, 1], out, start);
}

/** Triple exponential moving average (Mulloy). Leading NaNs are skipped. */
export function tema(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  temaInto(values, period, out, firstFinite(values));
  return out;
}
