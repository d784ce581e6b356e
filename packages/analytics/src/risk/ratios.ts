import {
  type AnnualisationOptions,
  excessReturns,
  periodsPerYearOf,
  type RiskFreeOptions,
} from './conventions.js';
import { maxDrawdown } from './drawdown.js';
import { mean, quantile, standardDeviation } from './moments.js';
import { annualizedReturn } from './returns.js';
import { downsideDeviation } from './volatility.js';

export interface RatioOptions extends AnnualisationOptions, RiskFreeOptions {}

/**
 * Annualised Sharpe ratio: mean(r − rf) / sd(r − rf) × √P, sample sd (ddof = 1), rf per period
 * (empyrical `sharpe_ratio`).
 */
export function sharpeRatio(returns: Float64Array, options?: RatioOptions): number {
  const ex = excessReturns(returns, options?.riskFree);
  return (mean(ex) / standardDeviation(ex, 1)) * Math.sqrt(periodsPerYearOf(options));
}

/**
 * Annualised Sortino ratio: mean(r − rf) × P / downside deviation of (r − rf) below 0, the
 * downside deviation in population form over all periods (empyrical `sortino_ratio`).
 */
export function sortinoRatio(returns: Float64Array, options?: RatioOptions): number {
  const ex = excessReturns(returns, options?.riskFree);
  const ppy = periodsPerYearOf(options);
  return (mean(ex) * ppy) / downsideDeviation(ex, { periodsPerYear: ppy, target: 0 });
}

/** Calmar ratio: annualised (geometric) return / |max drawdown| (empyrical `calmar_ratio`). */
export function calmarRatio(returns: Float64Array, options?: AnnualisationOptions): number {
  const dd = maxDrawdown(returns).depth;
  if (dd === 0) return Number.NaN;
  return annualizedReturn(returns, options) / -dd;
}

export interface OmegaOptions extends RiskFreeOptions {
  /** Per-period threshold return L (default 0). */
  readonly threshold?: number;
}

/**
 * Omega ratio at threshold L: Σ max(r − rf − L, 0) / Σ max(L − r + rf, 0) (empyrical
 * `omega_ratio` with a per-period threshold). No loss beyond L → NaN.
 */
export function omegaRatio(returns: Float64Array, options?: OmegaOptions): number {
  const ex = excessReturns(returns, options?.riskFree);
  const l = options?.threshold ?? 0;
  let up = 0;
  let down = 0;
  for (let t = 0; t < ex.length; t++) {
    const d = ex[t]! - l;
    if (d > 0) up += d;
    else down -= d;
  }
  return down > 0 ? up / down : Number.NaN;
}

/** Tail ratio: |95th percentile| / |5th percentile| (type-7 quantiles, empyrical `tail_ratio`). */
export function tailRatio(returns: Float64Array): number {
  return Math.abs(quantile(returns, 0.95)) / Math.abs(quantile(returns, 0.05));
}

/**
 * Gain-to-pain ratio (Schwager): Σ r_t / |Σ min(r_t, 0)| (QuantStats `gain_to_pain_ratio` on the
 * raw periods). No losing period → NaN.
 */
export function gainToPainRatio(returns: Float64Array): number {
  let total = 0;
  let losses = 0;
  for (let t = 0; t < returns.length; t++) {
    const r = returns[t]!;
    total += r;
    if (r < 0) losses -= r;
  }
  return losses > 0 ? total / losses : Number.NaN;
}
