import { fillNaN, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `ultosc`: the longest period. */
export function ultoscLookback(p1: number, p2: number, p3: number): number {
  return Math.max(p1, p2, p3);
}

/** TA-Lib's "is zero" test for the true-range sums. */
function isZero(x: number): boolean {
  return x > -1e-14 && x < 1e-14;
}

/** The oscillator from the three window sums (buying pressure `a`, true range `b`), weighted 4/2/1. */
function combine(a1: number, b1: number, a2: number, b2: number, a3: number, b3: number): number {
  let v = 0;
  if (!isZero(b1)) v += 4 * (a1 / b1);
  if (!isZero(b2)) v += 2 * (a2 / b2);
  if (!isZero(b3)) v += a3 / b3;
  return 100 * (v / 7);
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
  const out = new Float64Array(n); // written below from `long` on
  fillNaN(out, 0, Math.min(long, n));
  if (ultoscFused(high, low, close, short, mid, long, out)) return out;
  ultoscComposed(high, low, close, short, mid, long, out);
  return out;
}

/**
 * Fast path: the terms and the six rolling sums in one pass, with exactly the operations of
 * `rollingSumInto`'s NaN-free path (add the new term, read the window sum, drop the oldest term), so
 * the results are the same as the composed code's. The last `long` terms live in two small rings (no
 * intermediate series). NaN is absorbing in the sums: returns false when a sum ends NaN, and the
 * caller then runs the composed code.
 */
function ultoscFused(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  short: number,
  mid: number,
  long: number,
  out: Float64Array,
): boolean {
  const n = close.length;
  let size = 1;
  while (size < long) size *= 2;
  const mask = size - 1;
  const ringA = new Float64Array(size);
  const ringB = new Float64Array(size);
  let sa1 = 0;
  let sb1 = 0;
  let sa2 = 0;
  let sb2 = 0;
  let sa3 = 0;
  let sb3 = 0;
  const warm = Math.min(long, n);
  for (let i = 1; i < warm; i++) {
    const pc = close[i - 1]!;
    const h = high[i]!;
    const l = low[i]!;
    const x = close[i]! - Math.min(l, pc);
    const y = Math.max(h - l, Math.abs(pc - h), Math.abs(pc - l));
    ringA[i & mask] = x;
    ringB[i & mask] = y;
    sa1 += x;
    sb1 += y;
    sa2 += x;
    sb2 += y;
    sa3 += x;
    sb3 += y;
    if (i >= short) {
      const k = (i - short + 1) & mask;
      sa1 -= ringA[k]!;
      sb1 -= ringB[k]!;
    }
    if (i >= mid) {
      const k = (i - mid + 1) & mask;
      sa2 -= ringA[k]!;
      sb2 -= ringB[k]!;
    }
  }
  // Steady state: every window is full, so each bar adds, writes and drops in all three sums.
  for (let i = long; i < n; i++) {
    const pc = close[i - 1]!;
    const h = high[i]!;
    const l = low[i]!;
    const x = close[i]! - Math.min(l, pc);
    const y = Math.max(h - l, Math.abs(pc - h), Math.abs(pc - l));
    ringA[i & mask] = x;
    ringB[i & mask] = y;
    sa1 += x;
    sb1 += y;
    sa2 += x;
    sb2 += y;
    sa3 += x;
    sb3 += y;
    out[i] = combine(sa1, sb1, sa2, sb2, sa3, sb3);
    const k1 = (i - short + 1) & mask;
    sa1 -= ringA[k1]!;
    sb1 -= ringB[k1]!;
    const k2 = (i - mid + 1) & mask;
    sa2 -= ringA[k2]!;
    sb2 -= ringB[k2]!;
    const k3 = (i - long + 1) & mask;
    sa3 -= ringA[k3]!;
    sb3 -= ringB[k3]!;
  }
  return !Number.isNaN(sa1 + sb1 + sa2 + sb2 + sa3 + sb3);
}

/** General path (NaN anywhere): the terms as series, six guarded rolling sums, then the combination. */
function ultoscComposed(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  short: number,
  mid: number,
  long: number,
  out: Float64Array,
): void {
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
  for (let i = long; i < n; i++) out[i] = combine(a1[i]!, b1[i]!, a2[i]!, b2[i]!, a3[i]!, b3[i]!);
}
