import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';
import type { Bands } from '../keltner/keltner.js';

/** Which bars a Donchian window covers: the `period` bars before the current one, or up to it. */
export type DonchianWindow = 'prior' | 'inclusive';

/** Lookback of `donchian`: period for a prior window, period − 1 for an inclusive one. */
export function donchianLookback(period: number, window: DonchianWindow = 'prior'): number {
  return window === 'prior' ? period : period - 1;
}

/**
 * Donchian channels: upper = highest high, lower = lowest low, middle = their mean. The default
 * `prior` window excludes the current bar (Stock.Indicators `ToDonchian`, the breakout convention:
 * a close above `upper` is a new high); `inclusive` ends at the current bar.
 */
export function donchian(
  high: Float64Array,
  low: Float64Array,
  period = 20,
  window: DonchianWindow = 'prior',
): Bands {
  const n = requireSameLength(high, low);
  requireInt('period', period, 1, 100000);
  const shift = window === 'prior' ? 1 : 0;
  const hi = nanArray(n);
  const lo = nanArray(n);
  if (period > 1) {
    rollingMaxInto(high, period, hi);
    rollingMinInto(low, period, lo);
  } else {
    hi.set(high);
    lo.set(low);
  }
  const upper = nanArray(n);
  const middle = nanArray(n);
  const lower = nanArray(n);
  for (let i = donchianLookback(period, window); i < n; i++) {
    const u = hi[i - shift];
    const l = lo[i - shift];
    upper[i] = u;
    lower[i] = l;
    middle[i] = (u + l) / 2;
  }
  return { upper, middle, lower };
}
