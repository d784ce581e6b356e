import { fillNaN, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `rsi` (TA-Lib: period). */
export function rsiLookback(period: number): number {
  return period;
}

/** RSI kernel (TA-Lib `TA_RSI`): 100·gain/(gain+loss), 0 when both are 0. Returns the first defined index. */
export function rsiInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let gain = 0;
  let loss = 0;
  for (let i = start + 1; i <= first; i++) {
    const d = src[i]! - src[i - 1]!;
    if (d < 0) loss -= d;
    else gain += d;
  }
  gain /= period;
  loss /= period;
  let sum = gain + loss;
  out[first] = Math.abs(sum) < 1e-14 ? 0 : 100 * (gain / sum);
  const keep = period - 1;
  for (let i = first + 1; i < n; i++) {
    const d = src[i]! - src[i - 1]!;
    gain *= keep;
    loss *= keep;
    if (d < 0) loss -= d;
    else gain += d;
    gain /= period;
    loss /= period;
    sum = gain + loss;
    out[i] = Math.abs(sum) < 1e-14 ? 0 : 100 * (gain / sum);
  }
  return first;
}

/** Relative strength index with Wilder smoothing (TA-Lib convention). Leading NaNs are skipped. */
export function rsi(values: Float64Array, period = 14): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  rsiInto(values, period, out, firstFinite(values));
  return out;
}
