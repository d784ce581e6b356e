import { resolveBounds } from './constraints.js';
import { dot, type Matrix, quadForm } from './matrix.js';
import { minimiseVariance } from './mean-variance.js';
import type { MeanVarianceOptions } from './minimum-variance.js';
import { describePortfolio, type OptimizedPortfolio, returnRange } from './optimized-portfolio.js';

/**
 * Efficient return: min wᵀΣw s.t. μᵀw ≥ target, Σw = 1, bounds (quadprog). For targets above the
 * minimum-variance portfolio's return the constraint binds (μᵀw = target: the efficient frontier);
 * below it the minimum-variance portfolio is returned. `target` is per period and must not exceed
 * the highest achievable return (RangeError); a target within 1e-12 (relative) of it is eased by
 * that much so the degenerate single-point feasible set stays solvable.
 */
export function efficientReturnPortfolio(
  covariance: Matrix,
  expectedReturns: ArrayLike<number>,
  target: number,
  options?: MeanVarianceOptions,
): OptimizedPortfolio {
  const bounds = resolveBounds(covariance.length, options?.bounds);
  const range = returnRange(expectedReturns, bounds.lower, bounds.upper);
  const tol = 1e-12 * Math.max(1, Math.abs(range.max));
  if (target > range.max + tol) {
    throw new RangeError(`target return ${target} above the highest achievable ${range.max}`);
  }
  const eased = Math.min(target, range.max - tol);
  const w = minimiseVariance(covariance, bounds, [], [{ a: expectedReturns, b: eased }]);
  return describePortfolio(w, covariance, expectedReturns);
}

/** Iterations of the bisection in {@link efficientRiskPortfolio} (each halves the return bracket). */
const EFFICIENT_RISK_BISECTIONS = 60;

/**
 * Efficient risk: max μᵀw s.t. √(wᵀΣw) ≤ targetVolatility, Σw = 1, bounds. Solved by bisection on
 * the target return of {@link efficientReturnPortfolio} along the efficient branch (variance rises
 * monotonically with return there). RangeError if the target is below the minimum volatility.
 */
export function efficientRiskPortfolio(
  covariance: Matrix,
  expectedReturns: ArrayLike<number>,
  targetVolatility: number,
  options?: MeanVarianceOptions,
): OptimizedPortfolio {
  const bounds = resolveBounds(covariance.length, options?.bounds);
  const wMin = minimiseVariance(covariance, bounds);
  const minVol = Math.sqrt(quadForm(covariance, wMin));
  if (targetVolatility < minVol * (1 - 1e-9)) {
    throw new RangeError(`target volatility ${targetVolatility} below the minimum ${minVol}`);
  }
  const range = returnRange(expectedReturns, bounds.lower, bounds.upper);
  let lo = dot(expectedReturns, wMin);
  let hi = range.max;
  const top = efficientReturnPortfolio(covariance, expectedReturns, hi, options);
  if (top.volatility <= targetVolatility) return top;
  let best = describePortfolio(wMin, covariance, expectedReturns);
  for (let k = 0; k < EFFICIENT_RISK_BISECTIONS && hi - lo > 1e-15; k++) {
    const mid = (lo + hi) / 2;
    const p = efficientReturnPortfolio(covariance, expectedReturns, mid, options);
    if (p.volatility <= targetVolatility) {
      best = p;
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return best;
}
