import { firstFinite, wmaInto } from '../../core/index.js';

/** Leading NaN bars of `hma`: (period − 1) + (floor(√period) − 1). */
export function hmaLookback(period: number): number {
  return period - 1 + Math.floor(Math.sqrt(period)) - 1;
}

/**
 * Hull moving average: WMA(2·WMA(x, ⌊period/2⌋) − WMA(x, period), ⌊√period⌋). Leading NaNs are skipped.
 */
export function hma(values: Float64Array, period = 20): Float64Array {
  const n = values.length;
  const start = firstFinite(values);
  const half = new Float64Array(n);
  const full = new Float64Array(n);
  wmaInto(values, Math.max(1, Math.floor(period / 2)), half, start);
  const f = wmaInto(values, period, full, start);
  for (let i = f; i < n; i++) full[i] = 2 * half[i]! - full[i]!;
  const out = new Float64Array(n); // wmaInto writes the NaN warm-up
  wmaInto(full, Math.max(1, Math.floor(Math.sqrt(period))), out, Math.min(f, n));
  return out;
}
