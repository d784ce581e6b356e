import { type AnnualisationOptions, periodsPerYearOf } from './conventions.js';
import { standardDeviation } from './moments.js';

/** Annualised volatility: sample standard deviation (ddof = 1) × √P (empyrical `annual_volatility`). */
export function annualizedVolatility(returns: Float64Array, options?: AnnualisationOptions): number {
  return standardDeviation(returns, 1) * Math.sqrt(periodsPerYearOf(options));
}

export interface DownsideOptions extends AnnualisationOptions {
  /** Per-period minimum acceptable return (default 0). */
  readonly target?: number;
}

/**
 * Annualised downside deviation below a per-period target τ: √(mean(min(r_t − τ, 0)²)) × √P.
 * The mean runs over all n periods (population form, empyrical `downside_risk`).
 */
export function downsideDeviation(returns: Float64Array, options?: DownsideOptions): number {
  const n = returns.length;
  if (n === 0) return Number.NaN;
  const target = options?.target ?? 0;
  let s = 0;
  for (let t = 0; t < n; t++) {
    const d = Math.min(returns[t]! - target, 0);
    s += d * d;
  }
  return Math.sqrt(s / n) * Math.sqrt(periodsPerYearOf(options));
}
