/** Prefix sums kept by `instantaneousTrendlineInto`: a power of two above the longest window (50) + 1. */
const RING = 64;

/**
 * Hilbert instantaneous trendline per bar from `loopStart` on (ta_HT_TRENDLINE.c): the mean of the
 * raw input over the last int(smoothPeriod + 0.5) bars, then a 4-3-2-1 weighted average of those
 * means, written to `out[loopStart…]` (`out` may be `smoothPeriod` itself: each bar's period is read
 * before its trendline is written). NaN once the period is NaN (a NaN input).
 */
export function instantaneousTrendlineInto(
  x: Float64Array,
  smoothPeriod: Float64Array,
  loopStart: number,
  out: Float64Array,
): void {
  const n = x.length;
  // Prefix sums make each window mean O(1) (TA-Lib re-adds up to 50 bars per bar); the rounding of the
  // difference is ~1e-16 × (prefix magnitude / window sum), well inside the 1e-9 differential bound.
  // Only the last RING prefix sums are kept (prefix[i] in ring[i % RING]): smoothPeriod ≤ 50 (the
  // period is clamped to ≤ 50 and both smoothings are convex), so a window reaches ≤ 50 bars back.
  const ring = new Float64Array(RING);
  let prefix = 0;
  for (let i = 0; i < loopStart; i++) {
    prefix += x[i];
    ring[(i + 1) & (RING - 1)] = prefix;
  }
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  for (let today = loopStart; today < n; today++) {
    prefix += x[today];
    ring[(today + 1) & (RING - 1)] = prefix;
    const sp = smoothPeriod[today];
    const len = Math.trunc(sp + 0.5);
    let mean = Number.isNaN(sp) ? Number.NaN : 0;
    if (len > 0) mean = (prefix - ring[Math.max(0, today + 1 - len) & (RING - 1)]) / len;
    out[today] = (4 * mean + 3 * t1 + 2 * t2 + t3) / 10;
    t3 = t2;
    t2 = t1;
    t1 = mean;
  }
}
