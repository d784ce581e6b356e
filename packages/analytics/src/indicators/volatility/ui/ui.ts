import { fillNaN } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `ui`: period − 1. */
export function uiLookback(period: number): number {
  return period - 1;
}

/**
 * Ulcer index (Peter Martin; Stock.Indicators `ToUlcerIndex` convention): root-mean-square of the
 * percent drawdowns of each close in the window from the highest close since the window's start.
 * O(n · period) with one division per new peak. A NaN close makes the windows holding it NaN.
 */
export function ui(close: Float64Array, period = 14): Float64Array {
  requireInt('period', period, 1, 100000);
  const n = close.length;
  const out = new Float64Array(n); // NaN only for the warm-up
  fillNaN(out, 0, Math.min(period - 1, n));
  // Two bars per pass, each with its own peak and sum in the original per-bar order (identical
  // results): two independent dependency chains instead of one.
  let i = period - 1;
  for (; period >= 2 && i + 1 < n; i += 2) {
    const w = i - period + 1;
    let peak0 = close[w];
    let inv0 = 1 / peak0;
    let sum0 = 0;
    let peak1 = close[w + 1];
    let inv1 = 1 / peak1;
    let sum1 = 0;
    for (let p = w + 1; p < i; p++) {
      const c0 = close[p];
      if (c0 > peak0) {
        peak0 = c0;
        inv0 = 1 / c0;
      } else {
        const dd = c0 * inv0 - 1;
        sum0 += dd * dd;
      }
      const c1 = close[p + 1];
      if (c1 > peak1) {
        peak1 = c1;
        inv1 = 1 / c1;
      } else {
        const dd = c1 * inv1 - 1;
        sum1 += dd * dd;
      }
    }
    // Last steps: bar i's at close[i], bar i + 1's at close[i + 1] (period ≥ 2, so both exist).
    const e0 = close[i];
    if (!(e0 > peak0)) {
      const dd = e0 * inv0 - 1;
      sum0 += dd * dd;
    }
    const e1 = close[i + 1];
    if (!(e1 > peak1)) {
      const dd = e1 * inv1 - 1;
      sum1 += dd * dd;
    }
    out[i] = 100 * Math.sqrt(sum0 / period);
    out[i + 1] = 100 * Math.sqrt(sum1 / period);
  }
  for (; i < n; i++) {
    let peak = close[i - period + 1];
    let inv = 1 / peak;
    let sumSq = 0;
    for (let p = i - period + 2; p <= i; p++) {
      const c = close[p];
      if (c > peak) {
        peak = c;
        inv = 1 / c;
      } else {
        const dd = c * inv - 1; // fractional drawdown; the window's first bar and new peaks add 0
        sumSq += dd * dd;
      }
    }
    out[i] = 100 * Math.sqrt(sumSq / period);
  }
  return out;
}
