import { dot, type Matrix, quadForm } from './matrix.js';

/** Weights with the volatility (and expected return when μ is known) they imply, per period. */
export interface OptimizedPortfolio {
  readonly weights: Float64Array;
  /** √(wᵀΣw) in the units of Σ. */
  readonly volatility: number;
  /** μᵀw, or NaN when no expected returns were given. */
  readonly expectedReturn: number;
}

export function describePortfolio(
  weights: Float64Array,
  covariance: Matrix,
  expectedReturns?: ArrayLike<number>,
): OptimizedPortfolio {
  return {
    weights,
    volatility: Math.sqrt(Math.max(0, quadForm(covariance, weights))),
    expectedReturn: expectedReturns === undefined ? Number.NaN : dot(expectedReturns, weights),
  };
}

/** Largest and smallest μᵀw over the box-and-budget set (greedy fill — exact for this polytope). */
export function returnRange(
  expectedReturns: ArrayLike<number>,
  lower: Float64Array,
  upper: Float64Array,
): { min: number; max: number } {
  const n = lower.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => expectedReturns[b]! - expectedReturns[a]!,
  );
  const fill = (idx: number[]) => {
    const w = Float64Array.from(lower);
    let left = 1 - lower.reduce((s, v) => s + v, 0);
    for (const i of idx) {
      const add = Math.min(left, upper[i]! - lower[i]!);
      w[i] = w[i]! + add;
      left -= add;
    }
    return dot(expectedReturns, w);
  };
  return { max: fill(order), min: fill([...order].reverse()) };
}
