/// <reference path="./quadprog.d.ts" />
// The declaration travels with its only user, so any program compiling this file (a project reference, or
// a consumer resolving the package to its sources) knows the module's types.
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
    const src = p.D[i]!;
    // Subnormal entries (|v| < 1e-300) overflow quadprog's factorisation; they are treated as 0.
    for (let j = 0; j < n; j++) row.push(Math.abs(src[j]!) < 1e-300 ? 0 : src[j]!);
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
  // quadprog overwrites Dmat/dvec; both are fresh copies. factorized[1] = 0: D is not yet factored.
  const r = quadprog.solveQP(Dmat, dvec, Amat, bvec, eq.length, [0, 0]);
  if (r.message !== '') throw new QuadraticProgramError(r.message);
  if (!r.solution.slice(1).every(Number.isFinite)) throw new QuadraticProgramError('non-finite solution');
  return { x: Float64Array.from(r.solution.slice(1)), multipliers: Float64Array.from(r.Lagrangian.slice(1)) };
}
