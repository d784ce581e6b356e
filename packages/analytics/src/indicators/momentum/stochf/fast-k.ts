import { fillNaN, rollingMaxInto, rollingMinInto } from '../../core/index.js';

/**
 * Stochastic %K kernel: 100·(close − lowest low)/(highest high − lowest low) over `period` bars,
 * 0 when the range is 0 (TA-Lib `TA_STOCHF` arithmetic). Returns the first defined index.
 */
export function fastKInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out: Float64Array,
  start = 0,
): number {
  const n = close.length;
  const hh = new Float64Array(n);
  const first = rollingMaxInto(high, period, hh, start);
  rollingMinInto(low, period, out, start);
  fillNaN(out, 0, Math.min(first, n));
  for (let i = first; i < n; i++) {
    const ll = out[i]!;
    const diff = (hh[i]! - ll) / 100;
    out[i] = diff !== 0 ? (close[i]! - ll) / diff : Number.isNaN(diff + close[i]!) ? Number.NaN : 0;
  }
  return first;
}
