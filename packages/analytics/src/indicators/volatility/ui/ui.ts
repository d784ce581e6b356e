import { nanArray } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `ui`: period − 1. */
export function uiLookback(period: number): number {
  return period - 1;
}

/**
 * Ulcer index (Peter Martin; Stock.Indicators `ToUlcerIndex` convention): root-mean-square of the
 * percent drawdowns of each close in the window from the highest close since the window's start.
 * O(n · period).
 */
export function ui(close: Float64Array, period = 14): Float64Array {
  requireInt('period', period, 1, 100000);
  const n = close.length;
  const out = nanArray(n);
  for (let i = period - 1; i < n; i++) {
    let peak = Number.NEGATIVE_INFINITY;
    let sumSq = 0;
    for (let p = i - period + 1; p <= i; p++) {
      const c = close[p];
      if (c > peak || Number.isNaN(c)) peak = c;
      const dd = (100 * (c - peak)) / peak;
      sumSq += dd * dd;
    }
    out[i] = Math.sqrt(sumSq / period);
  }
  return out;
}
