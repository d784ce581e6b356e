import { resolveBounds, type WeightBounds } from './constraints.js';
import type { Matrix } from './matrix.js';
import { minimiseVariance } from './mean-variance.js';
import { describePortfolio, type OptimizedPortfolio } from './optimized-portfolio.js';

export interface MeanVarianceOptions {
  /** Per-asset bounds; default long-only [0, 1]. The portfolio is always fully invested. */
  readonly bounds?: WeightBounds;
}

/** Global minimum-variance portfolio: min wᵀΣw s.t. Σw = 1 and bounds (quadprog QP). */
export function minimumVariancePortfolio(
  covariance: Matrix,
  options?: MeanVarianceOptions & { readonly expectedReturns?: ArrayLike<number> },
): OptimizedPortfolio {
  const bounds = resolveBounds(covariance.length, options?.bounds);
  return describePortfolio(minimiseVariance(covariance, bounds), covariance, options?.expectedReturns);
}
