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
  for (let i = period - 1; i < n; i++) {
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
