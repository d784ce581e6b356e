import type { HilbertCycle } from './hilbert-cycle.js';

/**
 * Hilbert instantaneous trendline per bar from `h.loopStart` on (ta_HT_TRENDLINE.c): the mean of
 * the raw input over the last int(smoothPeriod + 0.5) bars, then a 4-3-2-1 weighted average of those
 * means. Entries before loopStart are 0; NaN once the period is NaN (a NaN input).
 */
export function instantaneousTrendline(x: Float64Array, h: HilbertCycle): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  // Prefix sums make each window mean O(1) (TA-Lib re-adds up to 50 bars per bar); the rounding of the
  // difference is ~1e-16 × (prefix magnitude / window sum), well inside the 1e-9 differential bound.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + x[i];
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  for (let today = h.loopStart; today < n; today++) {
    const sp = h.smoothPeriod[today];
    const len = Math.trunc(sp + 0.5);
    let mean = Number.isNaN(sp) ? Number.NaN : 0;
    if (len > 0) mean = (prefix[today + 1] - prefix[Math.max(0, today + 1 - len)]) / len;
    out[today] = (4 * mean + 3 * t1 + 2 * t2 + t3) / 10;
    t3 = t2;
    t2 = t1;
    t1 = mean;
  }
  return out;
}
