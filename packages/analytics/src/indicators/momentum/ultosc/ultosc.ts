import { fillNaN, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `ultosc`: the longest period. */
export function ultoscLookback(p1: number, p2: number, p3: number): number {
  return Math.max(p1, p2, p3);
}

/**
 * Ultimate oscillator (Williams), TA-Lib `TA_ULTOSC`: buying pressure close − min(low, prev close) over
 * true range, summed over three windows weighted 4/2/1 from the shortest (periods are sorted, as
 * TA-Lib does); a window with zero range contributes 0.
 */
export function ultosc(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period1 = 7,
  period2 = 14,
  period3 = 28,
): Float64Array {
  const [short, mid, long] = [period1, period2, period3].sort((a, b) => a - b) as [number, number, number];
  const n = close.length;
  const bp = new Float64Array(n);
  const tr = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const pc = close[i - 1]!;
    const h = high[i]!;
    const l = low[i]!;
    bp[i] = close[i]! - Math.min(l, pc);
    tr[i] = Math.max(h - l, Math.abs(pc - h), Math.abs(pc - l));
  }
  const a1 = new Float64Array(n);
  const b1 = new Float64Array(n);
  const a2 = new Float64Array(n);
  const b2 = new Float64Array(n);
  const a3 = new Float64Array(n);
  const b3 = new Float64Array(n);
  rollingSumInto(bp, short, a1, 1);
  rollingSumInto(tr, short, b1, 1);
  rollingSumInto(bp, mid, a2, 1);
  rollingSumInto(tr, mid, b2, 1);
  rollingSumInto(bp, long, a3, 1);
  rollingSumInto(tr, long, b3, 1);
  const out = new Float64Array(n); // written below from `long` on
  fillNaN(out, 0, Math.min(long, n));
  const isZero = (x: number): boolean => x > -1e-14 && x < 1e-14;
  for (let i = long; i < n; i++) {
    let v = 0;
    if (!isZero(b1[i]!)) v += 4 * (a1[i]! / b1[i]!);
    if (!isZero(b2[i]!)) v += 2 * (a2[i]! / b2[i]!);
    if (!isZero(b3[i]!)) v += a3[i]! / b3[i]!;
    out[i] = 100 * (v / 7);
  }
  return out;
}
