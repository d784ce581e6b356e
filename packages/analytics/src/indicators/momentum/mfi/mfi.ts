import { nanArray, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `mfi` (TA-Lib: period). */
export function mfiLookback(period: number): number {
  return period;
}

/**
 * Money flow index, TA-Lib `TA_MFI`: typical price × volume is positive flow when tp rises, negative
 * when it falls (unchanged bars count in neither); 100·pos/(pos + neg) over the last `period`
 * changes, 0 when the total flow is below 1.
 */
export function mfi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period = 14,
): Float64Array {
  const n = close.length;
  const pos = new Float64Array(n);
  const neg = new Float64Array(n);
  let prev = n > 0 ? (high[0]! + low[0]! + close[0]!) / 3 : 0;
  for (let i = 1; i < n; i++) {
    const tp = (high[i]! + low[i]! + close[i]!) / 3;
    const d = tp - prev;
    const flow = tp * volume[i]!;
    if (Number.isNaN(d) || Number.isNaN(flow)) {
      pos[i] = Number.NaN;
      neg[i] = Number.NaN;
    } else if (d < 0) neg[i] = flow;
    else if (d > 0) pos[i] = flow;
    prev = tp;
  }
  const out = nanArray(n);
  const negSum = new Float64Array(n);
  const first = rollingSumInto(pos, period, out, 1);
  rollingSumInto(neg, period, negSum, 1);
  for (let i = first; i < n; i++) {
    const total = out[i]! + negSum[i]!;
    out[i] = total < 1 ? 0 : 100 * (out[i]! / total);
  }
  return out;
}
