import { nanArray, rollingVarianceInto } from '../../core/index.js';
import { requireInt, requireReal } from '../../math/guards.js';

/** Lookback of `hv`: period (one bar is spent on the first return). */
export function hvLookback(period: number): number {
  return period;
}

/**
 * Historical (close-to-close) volatility in percent: sample standard deviation (n − 1) of the last
 * `period` log returns ln(c_t / c_{t−1}), annualised by √annualization (252 trading days by default).
 */
export function hv(close: Float64Array, period = 20, annualization = 252): Float64Array {
  requireInt('period', period, 2, 100000);
  requireReal('annualization', annualization, 1, 1e6);
  const n = close.length;
  const r = nanArray(n);
  for (let i = 1; i < n; i++) r[i] = Math.log(close[i] / close[i - 1]);
  const out = nanArray(n);
  if (n <= period) return out;
  rollingVarianceInto(r, period, out, 1);
  const scale = period / (period - 1);
  for (let i = period; i < n; i++) {
    const v = out[i] * scale;
    out[i] = Number.isNaN(v) ? Number.NaN : Math.sqrt(Math.max(0, v) * annualization) * 100;
  }
  return out;
}
