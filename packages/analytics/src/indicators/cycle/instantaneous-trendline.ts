import type { HilbertCycle } from './hilbert-cycle.js';

/**
 * Hilbert instantaneous trendline per bar from `h.loopStart` on (port of ta_HT_TRENDLINE.c): the mean of
 * the raw input over the last int(smoothPeriod + 0.5) bars, then a 4-3-2-1 weighted average of those
 * means. Entries before loopStart are 0; NaN once the period is NaN (a NaN input).
 */
export function instantaneousTrendline(x: Float64Array, h: HilbertCycle): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  for (let today = h.loopStart; today < n; today++) {
    const sp = h.smoothPeriod[today];
    const len = Math.trunc(sp + 0.5);
    let mean = Number.isNaN(sp) ? Number.NaN : 0;
    for (let i = 0, j = today; i < len && j >= 0; i++, j--) mean += x[j];
    if (len > 0) mean = mean / len;
    out[today] = (4 * mean + 3 * t1 + 2 * t2 + t3) / 10;
    t3 = t2;
    t2 = t1;
    t1 = mean;
  }
  return out;
}
