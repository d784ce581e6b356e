import { emaInto, fillNaN, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `trix`: 3·(period − 1) + 1. */
export function trixLookback(period: number): number {
  return 3 * (period - 1) + 1;
}

/**
 * TRIX (Hutson), TA-Lib `TA_TRIX`: 1-bar rate of change ×100 of a triple SMA-seeded EMA
 * (0 when the previous value is 0). Leading NaNs are skipped.
 */
export function trix(values: Float64Array, period = 30): Float64Array {
  const n = values.length;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const f1 = emaInto(values, period, a, firstFinite(values));
  const f2 = emaInto(a, period, b, f1);
  const f3 = emaInto(b, period, a, f2);
  const out = nanArray(n);
  fillNaN(out, 0, f3 + 1);
  for (let i = f3 + 1; i < n; i++) {
    const p = a[i - 1]!;
    out[i] = p !== 0 ? (a[i]! / p - 1) * 100 : 0;
  }
  return out;
}
