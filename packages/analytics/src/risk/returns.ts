import { type AnnualisationOptions, periodsPerYearOf } from './conventions.js';

/** Growth of one unit over the series: ∏(1 + r_t). */
function growthFactor(returns: Float64Array): number {
  let w = 1;
  for (let t = 0; t < returns.length; t++) w *= 1 + returns[t]!;
  return w;
}

/** Compounded total return over the whole series: ∏(1 + r_t) − 1. Empty series → 0. */
export function cumulativeReturn(returns: Float64Array): number {
  return growthFactor(returns) - 1;
}

/**
 * Geometric annualised return (CAGR): (∏(1 + r_t))^(P / n) − 1 with P periods per year
 * (empyrical `annual_return`).
 */
export function annualizedReturn(returns: Float64Array, options?: AnnualisationOptions): number {
  const n = returns.length;
  if (n === 0) return Number.NaN;
  // From the growth factor itself: (1 + (W − 1)) would lose digits when W is tiny.
  return growthFactor(returns) ** (periodsPerYearOf(options) / n) - 1;
}

/** Best single-period return (max r_t). */
export function bestPeriodReturn(returns: Float64Array): number {
  if (returns.length === 0) return Number.NaN;
  let m = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < returns.length; t++) {
    const r = returns[t]!;
    if (Number.isNaN(r)) return Number.NaN;
    if (r > m) m = r;
  }
  return m;
}

/** Worst single-period return (min r_t). */
export function worstPeriodReturn(returns: Float64Array): number {
  if (returns.length === 0) return Number.NaN;
  let m = Number.POSITIVE_INFINITY;
  for (let t = 0; t < returns.length; t++) {
    const r = returns[t]!;
    if (Number.isNaN(r)) return Number.NaN;
    if (r < m) m = r;
  }
  return m;
}

/**
 * Share of winning periods among periods with a non-zero return (QuantStats `win_rate`): zero
 * returns (holidays, flat days) count neither way. No non-zero period → NaN.
 */
export function winRate(returns: Float64Array): number {
  let wins = 0;
  let nonZero = 0;
  for (let t = 0; t < returns.length; t++) {
    const r = returns[t]!;
    if (Number.isNaN(r)) return Number.NaN;
    if (r !== 0) nonZero++;
    if (r > 0) wins++;
  }
  return nonZero === 0 ? Number.NaN : wins / nonZero;
}

/** Simple returns from prices: r_t = p_t / p_{t−1} − 1, NaN at t = 0 (output has the input length). */
export function simpleReturns(prices: Float64Array): Float64Array {
  const out = new Float64Array(prices.length);
  if (prices.length > 0) out[0] = Number.NaN;
  for (let t = 1; t < prices.length; t++) out[t] = prices[t]! / prices[t - 1]! - 1;
  return out;
}
