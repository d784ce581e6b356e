import { emaInto, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `dema` (TA-Lib: 2 × EMA lookback). */
export function demaLookback(period: number): number {
  return 2 * (period - 1);
}

/** DEMA kernel: 2·EMA − EMA(EMA), each EMA SMA-seeded on its input's first defined bars. */
export function demaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const e1 = new Float64Array(src.length);
  const f1 = emaInto(src, period, e1, start);
  const first = emaInto(e1, period, out, f1);
  for (let i = first; i < out.length; i++) out[i] = 2 * e1[i]! - out[i]!;
  return first;
}

/** Double exponential moving average (Mulloy). Leading NaNs are skipped. */
export function dema(values: Float64Array, period = 30): Float64Array {
  const out = nanArray(values.length);
  demaInto(values, period, out, firstFinite(values));
  return out;
}
