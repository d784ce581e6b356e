import { nanArray, rollingMaxInto, rollingMinInto, rollingSumInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `chop`: period (true ranges start at bar 1). */
export function chopLookback(period: number): number {
  return period;
}

/**
 * Choppiness index (E. W. Dreiss; Stock.Indicators `ToChop`): 100 × log10(ΣTR / (max true high −
 * min true low)) / log10(period) over the last `period` bars, with true high/low including the previous
 * close. 100 = fully choppy, near 0 = trending.
 */
export function chop(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 2, 100000);
  const trueHigh = nanArray(n);
  const trueLow = nanArray(n);
  const tr = nanArray(n);
  for (let i = 1; i < n; i++) {
    const pc = close[i - 1];
    trueHigh[i] = Math.max(high[i], pc);
    trueLow[i] = Math.min(low[i], pc);
    tr[i] = trueHigh[i] - trueLow[i];
  }
  const sum = nanArray(n);
  const hi = nanArray(n);
  const lo = nanArray(n);
  rollingSumInto(tr, period, sum, 1);
  rollingMaxInto(trueHigh, period, hi, 1);
  rollingMinInto(trueLow, period, lo, 1);
  const norm = Math.log10(period);
  for (let i = period; i < n; i++) sum[i] = (100 * Math.log10(sum[i] / (hi[i] - lo[i]))) / norm;
  return sum;
}
