import { resolveBounds, type WeightBounds } from './constraints.js';
import { solveLinearProgram } from './dense-simplex.js';

export interface MinimumCvarOptions {
  /** Confidence β (default 0.95): minimise the mean loss in the worst 1 − β of scenarios. */
  readonly confidence?: number;
  readonly bounds?: WeightBounds;
}

export interface MinimumCvarPortfolio {
  readonly weights: Float64Array;
  /** Optimal CVaR_β of the scenario losses −rᵀw (a positive loss, per period). */
  readonly cvar: number;
  /** The auxiliary ζ at the optimum: a β-VaR of the scenario losses. */
  readonly valueAtRisk: number;
}

/** Thrown when the min-CVaR LP is not solved to optimality (should not happen for valid bounds). */
export class LinearProgramError extends Error {
  override readonly name = 'LinearProgramError';
}

/**
 * Minimum-CVaR portfolio over historical scenarios (Rockafellar & Uryasev 2000):
 * min ζ + 1/((1 − β)T) Σ_t u_t s.t. u_t ≥ −r_tᵀw − ζ, u_t ≥ 0, Σw = 1, bounds. Scenarios are the
 * rows of the aligned asset return columns. Solved exactly as an LP with the package's dense
 * two-phase simplex (w = lower + w′, ζ = ζ⁺ − ζ⁻, surplus v_t, upper-bound slacks): T + n + 1 rows,
 * so T in the low thousands at most.
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
  const { lower, upper } = resolveBounds(n, options?.bounds);
  // Columns: w′ (n) | ζ⁺ | ζ⁻ | u (T) | v (T) | s (n upper-bound slacks)
  const zp = n;
  const zm = n + 1;
  const u0 = n + 2;
  const v0 = u0 + t;
  const s0 = v0 + t;
  const nv = s0 + n;
  const c = new Float64Array(nv);
  c[zp] = 1;
  c[zm] = -1;
  c.fill(1 / ((1 - beta) * t), u0, v0);
  const A: Float64Array[] = [];
  const b: number[] = [];
  for (let k = 0; k < t; k++) {
    const row = new Float64Array(nv);
    let rhs = 0;
    for (let i = 0; i < n; i++) {
      const r = columns[i]![k]!;
      row[i] = r;
      rhs -= r * lower[i]!;
    }
    row[zp] = 1;
    row[zm] = -1;
    row[u0 + k] = 1;
    row[v0 + k] = -1;
    A.push(row);
    b.push(rhs);
  }
  const budget = new Float64Array(nv);
  budget.fill(1, 0, n);
  A.push(budget);
  b.push(1 - lower.reduce((s, v) => s + v, 0));
  for (let i = 0; i < n; i++) {
    const row = new Float64Array(nv);
    row[i] = 1;
    row[s0 + i] = 1;
    A.push(row);
    b.push(upper[i]! - lower[i]!);
  }
  const res = solveLinearProgram({ c, A, b });
  if (res.status !== 'optimal') throw new LinearProgramError(`min-CVaR LP: ${res.status}`);
  const weights = Float64Array.from({ length: n }, (_, i) => lower[i]! + res.x[i]!);
  return { weights, cvar: res.objective, valueAtRisk: res.x[zp]! - res.x[zm]! };
}

/**
 * CVaR_β of a portfolio's scenario losses, −rᵀw per scenario, as the Rockafellar–Uryasev minimum
 * over ζ (exact: the minimiser is a loss order statistic). O(T log T).
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
  losses.sort();
  // F(ζ) = ζ + Σ max(l − ζ, 0) / ((1 − β)T), evaluated at every order statistic via suffix sums.
  const scale = 1 / ((1 - beta) * t);
  let suffix = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let k = t - 1; k >= 0; k--) {
    const zeta = losses[k]!;
    // Σ_{j>k} (l_j − ζ) = suffix − (t − 1 − k)·ζ
    best = Math.min(best, zeta + (suffix - (t - 1 - k) * zeta) * scale);
    suffix += zeta;
  }
  return best;
}
