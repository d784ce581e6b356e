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
  const out = new Float64Array(n); // written below from `long` on
  fillNaN(out, 0, Math.min(long, n));
  const isZero = (x: number): boolean => x > -1e-14 && x < 1e-14;
  // Fast path: the six rolling sums run fused in one pass, with exactly the operations of
  // `rollingSumInto`'s NaN-free path (add the new term, read the window sum, drop the oldest term), so
  // the results are the same. NaN is absorbing in the sums: a NaN sum at the end sends the series
  // through the general code below instead.
  let sa1 = 0;
  let sb1 = 0;
  let sa2 = 0;
  let sb2 = 0;
  let sa3 = 0;
  let sb3 = 0;
  for (let i = 1; i < n; i++) {
    const x = bp[i]!;
    const y = tr[i]!;
    sa1 += x;
    sb1 += y;
    sa2 += x;
    sb2 += y;
    sa3 += x;
    sb3 += y;
    if (i >= long) {
      let v = 0;
      if (!isZero(sb1)) v += 4 * (sa1 / sb1);
      if (!isZero(sb2)) v += 2 * (sa2 / sb2);
      if (!isZero(sb3)) v += sa3 / sb3;
      out[i] = 100 * (v / 7);
    }
    if (i >= short) {
      sa1 -= bp[i - short + 1]!;
      sb1 -= tr[i - short + 1]!;
    }
    if (i >= mid) {
      sa2 -= bp[i - mid + 1]!;
      sb2 -= tr[i - mid + 1]!;
    }
    if (i >= long) {
      sa3 -= bp[i - long + 1]!;
      sb3 -= tr[i - long + 1]!;
    }
  }
  const sums = sa1 + sb1 + sa2 + sb2 + sa3 + sb3;
  if (!Number.isNaN(sums)) return out;
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
  for (let i = long; i < n; i++) {
    let v = 0;
    if (!isZero(b1[i]!)) v += 4 * (a1[i]! / b1[i]!);
    if (!isZero(b2[i]!)) v += 2 * (a2[i]! / b2[i]!);
    if (!isZero(b3[i]!)) v += a3[i]! / b3[i]!;
    out[i] = 100 * (v / 7);
  }
  return out;
}
