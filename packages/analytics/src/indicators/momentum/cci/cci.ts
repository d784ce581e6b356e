import { nanArray } from '../../core/index.js';

/** Leading NaN bars of `cci`. */
export function cciLookback(period: number): number {
  return period - 1;
}

/**
 * Commodity channel index (Lambert), TA-Lib `TA_CCI`: (tp − SMA(tp))/(0.015·mean |tp − SMA(tp)|) with
 * tp = (h + l + c)/3; 0 when either term is 0. The mean deviation is recomputed over the window
 * (O(period) per bar, as TA-Lib).
 */
export function cci(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const out = nanArray(n);
  const tp = new Float64Array(n);
  for (let i = 0; i < n; i++) tp[i] = (high[i]! + low[i]! + close[i]!) / 3;
  let sum = 0;
  for (let i = 0; i < Math.min(period - 1, n); i++) sum += tp[i]!;
  for (let i = period - 1; i < n; i++) {
    sum += tp[i]!;
    const base = i - period + 1;
    const mean = sum / period;
    let dev = 0;
    for (let j = base; j <= i; j++) dev += Math.abs(tp[j]! - mean);
    const diff = tp[i]! - mean;
    out[i] =
      diff !== 0 && dev !== 0 ? diff / (0.015 * (dev / period)) : Number.isNaN(diff + dev) ? Number.NaN : 0;
    sum -= tp[base]!;
    if (Number.isNaN(sum)) {
      // A NaN left or entered the window: rebuild the running sum from the bars still in it.
      sum = 0;
      for (let j = base + 1; j <= i; j++) sum += tp[j]!;
    }
  }
  return out;
}
