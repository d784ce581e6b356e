import { fillNaN } from '../../core/index.js';
import { adx } from '../adx/adx.js';

/** Leading NaN bars of `adxr` (TA-Lib: 3·period − 2). */
export function adxrLookback(period: number): number {
  return 3 * period - 2;
}

/** ADX rating: (ADX[t] + ADX[t − (period − 1)])/2 (TA-Lib `TA_ADXR`). */
export function adxr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const a = adx(high, low, close, period);
  const n = a.length;
  const out = new Float64Array(n);
  const first = adxrLookback(period);
  fillNaN(out, 0, Math.min(first, n));
  for (let i = first; i < n; i++) out[i] = (a[i]! + a[i - period + 1]!) / 2;
  return out;
}
