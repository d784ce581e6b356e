import { emaChainInto, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `dema` (TA-Lib: 2 × EMA lookback). */
export function demaLookback(period: number): number {
  return 2 * (period - 1);
}

/** DEMA kernel: 2·EMA − EMA(EMA), each EMA SMA-seeded on its input's first defined bars. */
export function demaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  return emaChainInto(src, period, [2, -1], out, start);
}

/** Double exponential moving average (Mulloy). Leading NaNs are skipped. */
export function dema(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  demaInto(values, period, out, firstFinite(values));
  return out;
}
