import { type Matrix, matVec } from './matrix.js';
import { describePortfolio, type OptimizedPortfolio } from './optimized-portfolio.js';

export interface EqualRiskContributionOptions {
  /** Risk budgets b_i > 0 (normalised to sum 1); default equal. */
  readonly budgets?: ArrayLike<number>;
  /** Stop when max |RC_i/σ − b_i| falls below this (default 1e-12). */
  readonly tolerance?: number;
  /** Maximum coordinate-descent sweeps (default 10 000). */
  readonly maxSweeps?: number;
}

/**
 * Equal risk contribution (risk parity / risk budgeting) portfolio: w_i (Σw)_i / wᵀΣw = b_i.
 * Cyclical coordinate descent on the convex problem min ½ yᵀΣy − Σ b_i ln y_i (Griveau-Billion,
 * Richard & Roncalli 2013), then w = y / Σy. The solution is unique and long-only; per-asset
 * bounds are not applied (a bounded ERC is a different problem).
 */
export function equalRiskContributionPortfolio(
  covariance: Matrix,
  options?: EqualRiskContributionOptions,
): OptimizedPortfolio {
  const n = covariance.length;
  const raw =
    options?.budgets === undefined ? new Float64Array(n).fill(1) : Float64Array.from(options.budgets);
  if (raw.length !== n || raw.some((b) => !(b > 0)))
    throw new RangeError('budgets must be n positive numbers');
  const total = raw.reduce((s, v) => s + v, 0);
  const b = raw.map((v) => v / total);
  const tol = options?.tolerance ?? 1e-12;
  const maxSweeps = options?.maxSweeps ?? 10_000;
  const y = Float64Array.from({ length: n }, (_, i) => 1 / Math.sqrt(covariance[i]![i]!));
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    for (let i = 0; i < n; i++) {
      const row = covariance[i]!;
      let c = 0;
      for (let j = 0; j < n; j++) if (j !== i) c += row[j]! * y[j]!;
      const sii = row[i]!;
      // Root of sii·y² + c·y − b_i = 0 (stationarity in y_i).
      y[i] = (-c + Math.sqrt(c * c + 4 * sii * b[i]!)) / (2 * sii);
    }
    const sy = matVec(covariance, y);
    let v = 0;
    for (let i = 0; i < n; i++) v += y[i]! * sy[i]!;
    let err = 0;
    for (let i = 0; i < n; i++) err = Math.max(err, Math.abs((y[i]! * sy[i]!) / v - b[i]!));
    if (err < tol) break;
  }
  const s = y.reduce((a, v) => a + v, 0);
  return describePortfolio(
    y.map((v) => v / s),
    covariance,
  );
}
