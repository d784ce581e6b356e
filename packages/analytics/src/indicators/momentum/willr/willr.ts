import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';

/** Leading NaN bars of `willr`. */
export function willrLookback(period: number): number {
  return period - 1;
}

/** Williams %R: −100·(highest high − close)/(highest high − lowest low), 0 when the range is 0 (TA-Lib). */
export function willr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const hh = new Float64Array(n);
  const out = nanArray(n);
  const first = rollingMaxInto(high, period, hh);
  rollingMinInto(low, period, out);
  for (let i = first; i < n; i++) {
    const h = hh[i]!;
    const diff = (h - out[i]!) / -100;
    out[i] = diff !== 0 ? (h - close[i]!) / diff : Number.isNaN(diff + close[i]!) ? Number.NaN : 0;
  }
  return out;
}
