import { fillNaN } from '../../core/index.js';

/** Leading NaN bars of `cci`. */
export function cciLookback(period: number): number {
  return period - 1;
}

/**
 * Commodity channel index (Lambert), TA-Lib `TA_CCI`: (tp − SMA(tp))/(0.015·mean |tp − SMA(tp)|) with
 * tp = (h + l + c)/3; 0 when either term is 0. The mean deviation is recomputed over the window
 * (O(period) per bar, as TA-Lib) from a small ring of the last `period` typical prices.
 */
export function cci(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(period - 1, n));
  const ring = new Float64Array(period);
  let sum = 0;
  let lastNaN = -1;
  let slot = -1; // i mod period, kept without a division
  for (let i = 0; i < n; i++) {
    const tp = (high[i]! + low[i]! + close[i]!) / 3;
    if (++slot === period) slot = 0;
    const leaving = ring[slot]!; // tp of bar i − period (0 before the window fills)
    ring[slot] = tp;
    if (Number.isNaN(tp)) lastNaN = i;
    else sum += tp;
    if (i >= period && !Number.isNaN(leaving)) sum -= leaving;
    if (i < period - 1) continue;
    if (lastNaN > i - period) {
      out[i] = Number.NaN;
      continue;
    }
    const mean = sum / period;
    let dev = 0;
    for (let j = 0; j < period; j++) dev += Math.abs(ring[j]! - mean);
    const diff = tp - mean;
    out[i] = diff !== 0 && dev !== 0 ? diff / (0.015 * (dev / period)) : 0;
  }
  return out;
}
