import type { Matrix } from './matrix.js';

/** 1/n in every asset. */
export function equalWeights(n: number): Float64Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('need at least one asset');
  return new Float64Array(n).fill(1 / n);
}

/** w_i ∝ 1/σ_i with σ_i = √Σ_ii (naive risk parity; correlations ignored). Long-only, Σw = 1. */
export function inverseVolatilityWeights(covariance: Matrix): Float64Array {
  const inv = Float64Array.from(covariance, (r, i) => 1 / Math.sqrt(r[i]!));
  const s = inv.reduce((a, b) => a + b, 0);
  return inv.map((v) => v / s);
}

/** w_i ∝ 1/Σ_ii (inverse variance; the within-cluster allocation of HRP). */
export function inverseVarianceWeights(covariance: Matrix): Float64Array {
  const inv = Float64Array.from(covariance, (r, i) => 1 / r[i]!);
  const s = inv.reduce((a, b) => a + b, 0);
  return inv.map((v) => v / s);
}
