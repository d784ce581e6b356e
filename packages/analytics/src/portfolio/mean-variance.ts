import { boundInequalities, budgetEquality, type ResolvedBounds } from './constraints.js';
import { assertSquare, type Matrix } from './matrix.js';
import { QuadraticProgramError, solveQuadraticProgram } from './quadratic-program.js';

/**
 * Ridge added to Σ's diagonal only when quadprog finds Σ not positive definite (e.g. fewer periods
 * than assets): this multiple of the mean variance.
 */
const SINGULAR_COVARIANCE_RIDGE = 1e-10;

/**
 * min ½ wᵀΣw subject to Σw = 1, bounds, and optional extra equality / inequality (aᵀw ≥ b) rows.
 */
export function minimiseVariance(
  covariance: Matrix,
  bounds: ResolvedBounds,
  extraEqualities: readonly { a: ArrayLike<number>; b: number }[] = [],
  extraInequalities: readonly { a: ArrayLike<number>; b: number }[] = [],
): Float64Array {
  const n = bounds.lower.length;
  assertSquare(covariance, n, 'covariance');
  const problem = {
    d: new Float64Array(n),
    equalities: [budgetEquality(n), ...extraEqualities],
    inequalities: [...extraInequalities, ...boundInequalities(bounds)],
  };
  try {
    return solveQuadraticProgram({ ...problem, D: covariance }).x;
  } catch (e) {
    if (!(e instanceof QuadraticProgramError) || !/positive definite/.test(e.message)) throw e;
    const meanVar = covariance.reduce((s, r, i) => s + r[i]!, 0) / n;
    const ridged = covariance.map((r, i) =>
      r.map((v, j) => (i === j ? v + SINGULAR_COVARIANCE_RIDGE * meanVar : v)),
    );
    return solveQuadraticProgram({ ...problem, D: ridged }).x;
  }
}
