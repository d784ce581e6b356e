import { fillNaN } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `avgdev`: period − 1. */
export function avgdevLookback(period: number): number {
  return period - 1;
}

/** Average (mean absolute) deviation from the window mean (TA-Lib `AVGDEV`, O(n · period) as TA-Lib). */
export function avgdev(x: Float64Array, period = 14): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const out = new Float64Array(n); // NaN only for the warm-up
  fillNaN(out, 0, Math.min(period - 1, n));
  // Four bars at a time: each bar's sums run in TA-Lib's order (newest to oldest) in their own
  // accumulator — identical results — but four independent add chains keep the FPU busy instead of
  // waiting on one chain's latency.
  let today = period - 1;
  for (; today + 3 < n; today += 4) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < period; i++) {
      const j = today - i;
      s0 += x[j];
      s1 += x[j + 1];
      s2 += x[j + 2];
      s3 += x[j + 3];
    }
    const m0 = s0 / period; // TA-Lib divides inside the loop; the quotient is the same every time
    const m1 = s1 / period;
    const m2 = s2 / period;
    const m3 = s3 / period;
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    for (let i = 0; i < period; i++) {
      const j = today - i;
      d0 += Math.abs(x[j] - m0);
      d1 += Math.abs(x[j + 1] - m1);
      d2 += Math.abs(x[j + 2] - m2);
      d3 += Math.abs(x[j + 3] - m3);
    }
    out[today] = d0 / period;
    out[today + 1] = d1 / period;
    out[today + 2] = d2 / period;
    out[today + 3] = d3 / period;
  }
  for (; today < n; today++) {
    let sum = 0;
    for (let i = 0; i < period; i++) sum += x[today - i];
    const mean = sum / period;
    let dev = 0;
    for (let i = 0; i < period; i++) dev += Math.abs(x[today - i] - mean);
    out[today] = dev / period;
  }
  return out;
}
