import { fillNaN, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `kama` (TA-Lib: period). */
export function kamaLookback(period: number): number {
  return period;
}

const SLOWEST = 2 / (30 + 1);
const FASTEST_MINUS_SLOWEST = 2 / (2 + 1) - SLOWEST;

/**
 * Kaufman adaptive moving average kernel (TA-Lib `TA_KAMA`: fast 2, slow 30, efficiency ratio over
 * `period` bars, smoothing constant squared, seeded with the value before the first output).
 */
export function kamaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let volatility = 0; // sum of |x[j] - x[j-1]| over the window
  for (let j = start + 1; j <= first; j++) volatility += Math.abs(src[j]! - src[j - 1]!);
  let prev = src[first - 1]!;
  for (let i = first; i < n; i++) {
    if (i > first)
      volatility += Math.abs(src[i]! - src[i - 1]!) - Math.abs(src[i - period]! - src[i - period - 1]!);
    const change = src[i]! - src[i - period]!;
    const er = volatility <= change || Math.abs(volatility) < 1e-14 ? 1 : Math.abs(change / volatility);
    let sc = er * FASTEST_MINUS_SLOWEST + SLOWEST;
    sc *= sc;
    prev = (src[i]! - prev) * sc + prev;
    out[i] = prev;
  }
  return first;
}

/** Kaufman adaptive moving average. Leading NaNs are skipped. */
export function kama(values: Float64Array, period = 30): Float64Array {
  const out = nanArray(values.length);
  kamaInto(values, period, out, firstFinite(values));
  return out;
}
