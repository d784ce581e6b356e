import { resolveBounds } from './constraints.js';
import { efficientReturnPortfolio } from './efficient-portfolios.js';
import { dot, type Matrix } from './matrix.js';
import { minimiseVariance } from './mean-variance.js';
import type { MeanVarianceOptions } from './minimum-variance.js';
import { describePortfolio, type OptimizedPortfolio, returnRange } from './optimized-portfolio.js';

/**
 * `points` portfolios on the efficient frontier, at target returns evenly spaced from the
 * minimum-variance portfolio's return to the highest achievable return (both included); each is
 * {@link efficientReturnPortfolio}. Per-period units.
 */
export function efficientFrontier(
  covariance: Matrix,
  expectedReturns: ArrayLike<number>,
  points: number,
  options?: MeanVarianceOptions,
): OptimizedPortfolio[] {
  if (!Number.isInteger(points) || points < 2) throw new RangeError('points must be an integer ≥ 2');
  const bounds = resolveBounds(covariance.length, options?.bounds);
  const wMin = minimiseVariance(covariance, bounds);
  const lo = dot(expectedReturns, wMin);
  const hi = returnRange(expectedReturns, bounds.lower, bounds.upper).max;
  const out: OptimizedPortfolio[] = [describePortfolio(wMin, covariance, expectedReturns)];
  for (let k = 1; k < points; k++) {
    out.push(
      efficientReturnPortfolio(covariance, expectedReturns, lo + ((hi - lo) * k) / (points - 1), options),
    );
  }
  return out;
}
