import { boundInequalities, budgetEquality, resolveBounds, type WeightBounds } from './constraints.js';
import { solveQuadraticProgram } from './quadratic-program.js';

export interface MinimumCvarOptions {
  /** Confidence β (default 0.95): minimise the mean loss in the worst 1 − β of scenarios. */
  readonly confidence?: number;
  readonly bounds?: WeightBounds;
  /**
   * Tiny Tikhonov term ε/2·‖(w, ζ, u)‖² that turns the LP into a strictly convex QP for quadprog
   * (default 1e-7). It moves the optimal CVaR by O(ε); among tied LP optima it picks the min-norm.
   */
  readonly regularization?: number;
}

export interface MinimumCvarPortfolio {
  readonly weights: Float64Array;
  /** Optimal CVaR_β of the scenario losses −rᵀw (a positive loss, per period). */
  readonly cvar: number;
  /** The auxiliary ζ at the optimum: a β-VaR of the scenario losses. */
  readonly valueAtRisk: number;
}

/**
 * Minimum-CVaR portfolio over historical scenarios (Rockafellar & Uryasev 2000):
 * min ζ + 1/((1 − β)T) Σ_t u_t s.t. u_t ≥ −r_tᵀw − ζ, u_t ≥ 0, Σw = 1, bounds. Scenarios are the
 * rows of the aligned asset return columns. Solved as a QP with quadprog and a tiny regulariser
 * (no LP solver is installed); the QP has n + 1 + T variables and dense constraints, so keep T in
 * the hundreds (cost grows ~T³).
 */
export function minimumCvarPortfolio(
  columns: readonly Float64Array[],
  options?: MinimumCvarOptions,
): MinimumCvarPortfolio {
  const n = columns.length;
  const t = columns[0]?.length ?? 0;
  if (n === 0 || t === 0 || columns.some((c) => c.length !== t))
    throw new RangeError('aligned columns required');
  const beta = options?.confidence ?? 0.95;
  if (!(beta > 0 && beta < 1)) throw new RangeError('confidence must be in (0, 1)');
  const eps = options?.regularization ?? 1e-7;
  const bounds = resolveBounds(n, options?.bounds);
  const size = n + 1 + t; // x = [w (n), ζ, u (T)]
  const c = new Float64Array(size);
  c[n] = 1;
  c.fill(1 / ((1 - beta) * t), n + 1);
  const inequalities = boundInequalities(bounds, size);
  for (let k = 0; k < t; k++) {
    const a = new Float64Array(size);
    for (let i = 0; i < n; i++) a[i] = columns[i]![k]!;
    a[n] = 1;
    a[n + 1 + k] = 1;
    inequalities.push({ a, b: 0 }); // u_k + r_kᵀw + ζ ≥ 0
    const pos = new Float64Array(size);
    pos[n + 1 + k] = 1;
    inequalities.push({ a: pos, b: 0 }); // u_k ≥ 0
  }
  const { x } = solveQuadraticProgram({
    D: [],
    diagonal: new Float64Array(size).fill(eps),
    d: c.map((v) => -v),
    equalities: [budgetEquality(n, size)],
    inequalities,
  });
  const weights = x.slice(0, n);
  return { weights, cvar: scenarioCvar(columns, weights, beta), valueAtRisk: x[n]! };
}

/**
 * CVaR_β of the portfolio's scenario losses, as the Rockafellar–Uryasev minimum over ζ (exact:
 * the minimiser is a loss order statistic).
 */
export function scenarioCvar(
  columns: readonly Float64Array[],
  weights: ArrayLike<number>,
  beta: number,
): number {
  const t = columns[0]?.length ?? 0;
  const losses = new Float64Array(t);
  for (let k = 0; k < t; k++) {
    let r = 0;
    for (let i = 0; i < columns.length; i++) r += columns[i]![k]! * weights[i]!;
    losses[k] = -r;
  }
  let best = Number.POSITIVE_INFINITY;
  for (const zeta of losses) {
    let s = 0;
    for (const l of losses) if (l > zeta) s += l - zeta;
    best = Math.min(best, zeta + s / ((1 - beta) * t));
  }
  return best;
}
