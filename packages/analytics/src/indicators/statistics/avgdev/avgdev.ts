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
  for (let today = period - 1; today < n; today++) {
    let sum = 0;
    for (let i = 0; i < period; i++) sum += x[today - i];
    const mean = sum / period; // TA-Lib divides inside the loop; the quotient is the same every time
    let dev = 0;
    for (let i = 0; i < period; i++) dev += Math.abs(x[today - i] - mean);
    out[today] = dev / period;
  }
  return out;
}
