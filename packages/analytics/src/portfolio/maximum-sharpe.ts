import { resolveBounds } from './constraints.js';
import type { Matrix } from './matrix.js';
import type { MeanVarianceOptions } from './minimum-variance.js';
import { describePortfolio, type OptimizedPortfolio, returnRange } from './optimized-portfolio.js';
import { solveQuadraticProgram } from './quadratic-program.js';

/**
 * Maximum Sharpe (tangency) portfolio: max (μ − rf)ᵀw / √(wᵀΣw) s.t. Σw = 1 and bounds. Solved
 * exactly as the convex QP of Cornuejols & Tütüncü (2007, §8.2): min yᵀΣy s.t. (μ − rf)ᵀy = 1,
 * lower_i·Σy ≤ y_i ≤ upper_i·Σy, then w = y / Σy. `riskFree` is per period (default 0).
 * RangeError if no feasible portfolio earns more than the risk-free rate.
 */
export function maximumSharpePortfolio(
  covariance: Matrix,
  expectedReturns: ArrayLike<number>,
  options?: MeanVarianceOptions & { readonly riskFree?: number },
): OptimizedPortfolio {
  const n = covariance.length;
  const bounds = resolveBounds(n, options?.bounds);
  const rf = options?.riskFree ?? 0;
  const excess = Float64Array.from({ length: n }, (_, i) => expectedReturns[i]! - rf);
  if (returnRange(excess, bounds.lower, bounds.upper).max <= 0) {
    throw new RangeError('no feasible portfolio has an expected return above the risk-free rate');
  }
  const inequalities: { a: Float64Array; b: number }[] = [];
  for (let i = 0; i < n; i++) {
    const lo = bounds.lower[i]!;
    const hi = bounds.upper[i]!;
    const rowLo = new Float64Array(n).fill(-lo);
    rowLo[i] = 1 - lo;
    inequalities.push({ a: rowLo, b: 0 }); // y_i − lo·Σy ≥ 0
    const rowHi = new Float64Array(n).fill(hi);
    rowHi[i] = hi - 1;
    inequalities.push({ a: rowHi, b: 0 }); // hi·Σy − y_i ≥ 0
  }
  inequalities.push({ a: new Float64Array(n).fill(1), b: 0 }); // κ = Σy ≥ 0
  const { x: y } = solveQuadraticProgram({
    D: covariance,
    d: new Float64Array(n),
    equalities: [{ a: excess, b: 1 }],
    inequalities,
  });
  const kappa = y.reduce((s, v) => s + v, 0);
  return describePortfolio(
    y.map((v) => v / kappa),
    covariance,
    expectedReturns,
  );
}
