import { nanArray, smaInto } from '../../core/index.js';

/** Leading NaN bars of `accbands`. */
export function accbandsLookback(period: number): number {
  return period - 1;
}

/**
 * Acceleration bands (Headley), TA-Lib `TA_ACCBANDS`: SMAs of high·(1 + 4·(h−l)/(h+l)), of the close
 * and of low·(1 − 4·(h−l)/(h+l)).
 */
export function accbands(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 20,
): { upper: Float64Array; middle: Float64Array; lower: Float64Array } {
  const n = close.length;
  const up = new Float64Array(n);
  const lo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const s = h + l;
    const k = Math.abs(s) < 1e-14 ? 0 : (4 * (h - l)) / s;
    up[i] = h * (1 + k);
    lo[i] = l * (1 - k);
  }
  const upper = nanArray(n);
  const middle = nanArray(n);
  const lower = nanArray(n);
  smaInto(up, period, upper);
  smaInto(close, period, middle);
  smaInto(lo, period, lower);
  return { upper, middle, lower };
}
