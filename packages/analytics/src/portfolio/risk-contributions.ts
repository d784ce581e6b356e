import { type Matrix, matVec } from './matrix.js';

export interface RiskContributions {
  /** Portfolio volatility σ = √(wᵀΣw), in the units of Σ (per period unless Σ is annualised). */
  readonly volatility: number;
  /** ∂σ/∂w_i = (Σw)_i / σ. */
  readonly marginal: Float64Array;
  /** w_i (Σw)_i / σ; sums to σ (Euler). */
  readonly component: Float64Array;
  /** component / σ; sums to 1. */
  readonly percent: Float64Array;
}

/** Euler decomposition of portfolio volatility into per-asset contributions. */
export function riskContributions(weights: ArrayLike<number>, covariance: Matrix): RiskContributions {
  const sw = matVec(covariance, weights);
  let v = 0;
  for (let i = 0; i < sw.length; i++) v += weights[i]! * sw[i]!;
  const sigma = Math.sqrt(v);
  const marginal = sw.map((x) => x / sigma);
  const component = marginal.map((m, i) => m * weights[i]!);
  return { volatility: sigma, marginal, component, percent: component.map((c) => c / sigma) };
}
