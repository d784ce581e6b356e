import { fillNaN, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `trima`. */
export function trimaLookback(period: number): number {
  return period - 1;
}

/**
 * Triangular moving average kernel: an SMA of an SMA whose lengths add up to period + 1
 * (odd period 2k+1: k+1 and k+1; even period 2k: k and k+1) — the same triangular weights as TA-Lib.
 * Both running sums advance in one pass; the inner SMA's recent values live in a small ring.
 */
export function trimaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const a = period % 2 === 1 ? (period + 1) / 2 : period / 2;
  const b = period + 1 - a;
  const n = src.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const innerFirst = start + a - 1;
  // Fast path without NaN bookkeeping: on NaN-free input it performs exactly the operations of the
  // guarded loop below (same results). NaN is absorbing in both running sums, so any NaN input (or
  // ∞ − ∞) shows at the end and sends the series through the guarded loop instead.
  // The fast ring has a power-of-two size, so slots are `bar & mask` (no wrap-around tests), and the
  // inner SMA's warm-up bars run in their own loop, so the main loop has no phase test.
  let fastA = 0;
  let fastB = 0;
  const mask = (1 << Math.ceil(Math.log2(b))) - 1;
  const fastRing = new Float64Array(mask + 1);
  for (let i = start; i < innerFirst; i++) fastA += src[i]!;
  for (let i = innerFirst; i < first; i++) {
    fastA += src[i]!;
    const inner = fastA / a;
    fastA -= src[i - a + 1]!;
    fastB += inner;
    fastRing[i & mask] = inner;
  }
  // Main loop unrolled ×4 (same operations in the same order): fewer per-iteration typed-array checks.
  // `ta`, `tb`: the bars leaving the inner and the outer window.
  let i = first;
  let ta = first - a + 1;
  let tb = first - b + 1;
  for (; i + 3 < n; i += 4, ta += 4, tb += 4) {
    fastA += src[i]!;
    let inner = fastA / a;
    fastA -= src[ta]!;
    fastB += inner;
    out[i] = fastB / b;
    fastB -= fastRing[tb & mask]!;
    fastRing[i & mask] = inner;
    fastA += src[i + 1]!;
    inner = fastA / a;
    fastA -= src[ta + 1]!;
    fastB += inner;
    out[i + 1] = fastB / b;
    fastB -= fastRing[(tb + 1) & mask]!;
    fastRing[(i + 1) & mask] = inner;
    fastA += src[i + 2]!;
    inner = fastA / a;
    fastA -= src[ta + 2]!;
    fastB += inner;
    out[i + 2] = fastB / b;
    fastB -= fastRing[(tb + 2) & mask]!;
    fastRing[(i + 2) & mask] = inner;
    fastA += src[i + 3]!;
    inner = fastA / a;
    fastA -= src[ta + 3]!;
    fastB += inner;
    out[i + 3] = fastB / b;
    fastB -= fastRing[(tb + 3) & mask]!;
    fastRing[(i + 3) & mask] = inner;
  }
  for (; i < n; i++, ta++, tb++) {
    fastA += src[i]!;
    const inner = fastA / a;
    fastA -= src[ta]!;
    fastB += inner;
    out[i] = fastB / b;
    fastB -= fastRing[tb & mask]!;
    fastRing[i & mask] = inner;
  }
  if (!Number.isNaN(fastA) && !Number.isNaN(fastB)) return first;
  const ring = new Float64Array(b); // last b inner-SMA values
  let sumA = 0;
  let sumB = 0;
  let nanA = -1; // last bar whose inner window held a NaN
  let nanB = -1; // last bar whose outer window held a NaN inner value
  for (let i = start; i < innerFirst; i++) {
    const v = src[i]!;
    if (Number.isNaN(v)) nanA = i;
    else sumA += v;
  }
  // slot = i mod b and the leaving slot (i − b + 1) mod b = (slot + 1) mod b, kept without divisions.
  let slot = innerFirst % b;
  for (let i = innerFirst; i < n; i++) {
    const v = src[i]!;
    if (Number.isNaN(v)) nanA = i;
    else sumA += v;
    const inner = nanA > i - a ? Number.NaN : sumA / a;
    const old = src[i - a + 1]!;
    if (!Number.isNaN(old)) sumA -= old;
    if (Number.isNaN(inner)) nanB = i;
    else sumB += inner;
    const next = slot + 1 === b ? 0 : slot + 1;
    if (i >= first) {
      out[i] = nanB > i - b ? Number.NaN : sumB / b;
      const leaving = ring[next]!; // i ≥ first ⇔ the outer window is full
      if (!Number.isNaN(leaving)) sumB -= leaving;
    }
    ring[slot] = inner;
    slot = next;
  }
  return first;
}

/** Triangular moving average. Leading NaNs are skipped. */
export function trima(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  trimaInto(values, period, out, firstFinite(values));
  return out;
}
