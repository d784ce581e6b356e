import { emaInto, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `tema` (TA-Lib: 3 × EMA lookback). */
export function temaLookback(period: number): number {
  return 3 * (period - 1);
}

/** TEMA kernel: 3·EMA − 3·EMA² + EMA³, each EMA SMA-seeded on its input's first defined bars. */
export function temaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const e1 = new Float64Array(src.length);
  const e2 = new Float64Array(src.length);
  const f1 = emaInto(src, period, e1, start);
  const f2 = emaInto(e1, period, e2, f1);
  const first = emaInto(e2, period, out, f2);
  for (let i = first; i < out.length; i++) out[i] = 3 * e1[i]! - 3 * e2[i]! + out[i]!;
  return first;
}

/** Triple exponential moving average (Mulloy). Leading NaNs are skipped. */
export function tema(values: Float64Array, period = 30): Float64Array {
  const out = nanArray(values.length);
  temaInto(values, period, out, firstFinite(values));
  return out;
}
