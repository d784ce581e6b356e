import { nanArray, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `vwma`. */
export function vwmaLookback(period: number): number {
  return period - 1;
}

/** Volume-weighted moving average Σ(close·volume)/Σ volume over `period` bars (NaN when Σ volume is 0). */
export function vwma(close: Float64Array, volume: Float64Array, period = 20): Float64Array {
  const n = close.length;
  const pv = new Float64Array(n);
  for (let i = 0; i < n; i++) pv[i] = close[i]! * volume[i]!;
  const num = new Float64Array(n);
  const out = nanArray(n);
  const first = rollingSumInto(pv, period, num, 0);
  rollingSumInto(volume, period, out, 0);
  for (let i = first; i < n; i++) {
    const v = out[i]!;
    out[i] = v === 0 ? 0 : num[i]! / v;
  }
  return out;
}
