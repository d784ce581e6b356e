import quadprog from 'quadprog';
import type { Matrix } from './matrix.js';

/**
 * minimise ½ xᵀ D x − dᵀ x subject to E x = e (rows of E) and G x ≥ g (rows of G), solved with the
 * `quadprog` package (Goldfarb–Idnani dual active-set method; D must be positive definite).
 */
export interface QuadraticProgram {
  readonly D: Matrix;
  readonly d: ArrayLike<number>;
  readonly equalities?: readonly { readonly a: ArrayLike<number>; readonly b: number }[];
  readonly inequalities?: readonly { readonly a: ArrayLike<number>; readonly b: number }[];
  /**
   * When D is diagonal, its diagonal: quadprog is then given the factor R⁻¹ = diag(1/√D_ii)
   * directly, skipping the O(n³) factorisation (used by large sparse LPs with a tiny regulariser).
   */
  readonly diagonal?: ArrayLike<number>;
}

export interface QuadraticProgramSolution {
  readonly x: Float64Array;
  /** Lagrange multipliers, equalities first, then inequalities (≥ 0 for inequalities). */
  readonly multipliers: Float64Array;
}

/** Thrown when quadprog reports an inconsistent problem or a non-positive-definite D. */
export class QuadraticProgramError extends Error {
  override readonly name = 'QuadraticProgramError';
}

export function solveQuadraticProgram(p: QuadraticProgram): QuadraticProgramSolution {
  const n = p.d.length;
  const eq = p.equalities ?? [];
  const ineq = p.inequalities ?? [];
  const cons = [...eq, ...ineq];
  const q = cons.length;
  const Dmat: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const row = [0];
    if (p.diagonal !== undefined) {
      for (let j = 0; j < n; j++) row.push(i === j ? 1 / Math.sqrt(p.diagonal[i]!) : 0);
    } else {
      const src = p.D[i]!;
      for (let j = 0; j < n; j++) row.push(src[j]!);
    }
    Dmat.push(row);
  }
  const dvec = [0, ...Array.from(p.d)];
  // Amat is n × q, constraint k in column k.
  const Amat: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(q + 1);
    row[0] = 0;
    for (let k = 0; k < q; k++) row[k + 1] = cons[k]!.a[i]!;
    Amat.push(row);
  }
  const bvec = [0, ...cons.map((c) => c.b)];
  const factorized = [0, p.diagonal === undefined ? 0 : 1];
  const r = quadprog.solveQP(Dmat, dvec, Amat, bvec, eq.length, factorized);
  if (r.message !== '') throw new QuadraticProgramError(r.message);
  return { x: Float64Array.from(r.solution.slice(1)), multipliers: Float64Array.from(r.Lagrangian.slice(1)) };
}
