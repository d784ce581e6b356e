/**
 * A small dense two-phase primal simplex for  min cᵀx  s.t.  A x = b,  x ≥ 0  (Dantzig pricing,
 * switching to Bland's rule after a run of degenerate pivots so it cannot cycle). Meant for the
 * modest LPs of this package (a few thousand rows), not as a general LP solver. Rows are
 * sign-normalised so b ≥ 0; columns that are already unit vectors seed the basis and the
 * remaining rows get artificials (phase 1).
 */
export interface LinearProgram {
  readonly c: ArrayLike<number>;
  /** Rows of A, each of length c.length. */
  readonly A: readonly ArrayLike<number>[];
  readonly b: ArrayLike<number>;
}

export type LinearProgramResult =
  | {
      readonly status: 'optimal';
      readonly x: Float64Array;
      readonly objective: number;
      readonly pivots: number;
    }
  | { readonly status: 'infeasible' | 'unbounded' | 'iteration_limit' };

/** Zero tolerance for pivots, reduced costs and the phase-1 objective. */
export const SIMPLEX_TOLERANCE = 1e-11;
const DEGENERATE_RUN_BEFORE_BLAND = 50;

export function solveLinearProgram(lp: LinearProgram, maxPivots = 100_000): LinearProgramResult {
  const m = lp.A.length;
  const nv = lp.c.length;
  // Unit columns (one +1, zeros elsewhere) after sign normalisation can start the basis.
  const sign = Float64Array.from({ length: m }, (_, i) => (lp.b[i]! < 0 ? -1 : 1));
  const basis = new Int32Array(m).fill(-1);
  for (let j = 0; j < nv; j++) {
    let row = -1;
    let ok = true;
    for (let i = 0; i < m && ok; i++) {
      const v = lp.A[i]![j]! * sign[i]!;
      if (v === 0) continue;
      if (v === 1 && row < 0) row = i;
      else ok = false;
    }
    if (ok && row >= 0 && basis[row] === -1) basis[row] = j;
  }
  const artRows: number[] = [];
  for (let i = 0; i < m; i++) if (basis[i] === -1) artRows.push(i);
  const cols = nv + artRows.length;
  const w = cols + 1; // + RHS
  // Tableau rows 0..m−1 constraints, row m objective (reduced costs), row m + 1 phase-1 objective.
  const T = new Float64Array((m + 2) * w);
  for (let i = 0; i < m; i++) {
    const src = lp.A[i]!;
    const s = sign[i]!;
    for (let j = 0; j < nv; j++) T[i * w + j] = s * src[j]!;
    T[i * w + cols] = s * lp.b[i]!;
  }
  artRows.forEach((r, k) => {
    T[r * w + nv + k] = 1;
    basis[r] = nv + k;
  });
  // Reduced-cost rows: z_j = c_j − c_Bᵀ B⁻¹ a_j (B = I here), stored with the RHS = −c_Bᵀ x_B.
  const obj = m * w;
  const ph1 = (m + 1) * w;
  for (let j = 0; j < nv; j++) T[obj + j] = lp.c[j]!;
  for (let i = 0; i < m; i++) {
    const bj = basis[i]!;
    const cb = bj < nv ? lp.c[bj]! : 0;
    const isArt = bj >= nv;
    for (let j = 0; j <= cols; j++) {
      const a = T[i * w + j]!;
      if (a === 0) continue;
      if (cb !== 0) T[obj + j] = T[obj + j]! - cb * a;
      if (isArt) T[ph1 + j] = T[ph1 + j]! - a;
    }
  }
  for (let k = 0; k < artRows.length; k++) T[ph1 + nv + k] = 0;

  let pivots = 0;
  const nz = new Int32Array(w);
  const pivot = (r: number, e: number): void => {
    const pr = r * w;
    const inv = 1 / T[pr + e]!;
    // The pivot row is usually sparse: update only its non-zero columns.
    let nnz = 0;
    for (let j = 0; j < w; j++) {
      const v = T[pr + j]!;
      if (v !== 0) {
        T[pr + j] = v * inv;
        nz[nnz++] = j;
      }
    }
    for (let i = 0; i < m + 2; i++) {
      if (i === r) continue;
      const ri = i * w;
      const f = T[ri + e]!;
      if (f === 0) continue;
      for (let k = 0; k < nnz; k++) {
        const j = nz[k]!;
        T[ri + j] = T[ri + j]! - f * T[pr + j]!;
      }
    }
    basis[r] = e;
    pivots++;
  };

  const run = (costRow: number, allowed: number): 'optimal' | 'unbounded' | 'iteration_limit' => {
    let degenerate = 0;
    while (pivots < maxPivots) {
      const bland = degenerate > DEGENERATE_RUN_BEFORE_BLAND;
      let e = -1;
      let best = -SIMPLEX_TOLERANCE;
      for (let j = 0; j < allowed; j++) {
        const d = T[costRow + j]!;
        if (d < best) {
          e = j;
          if (bland) break;
          best = d;
        }
      }
      if (e < 0) return 'optimal';
      let r = -1;
      let ratio = Number.POSITIVE_INFINITY;
      for (let i = 0; i < m; i++) {
        const a = T[i * w + e]!;
        if (a > SIMPLEX_TOLERANCE) {
          const q = T[i * w + cols]! / a;
          if (q < ratio - 1e-15 || (q <= ratio + 1e-15 && r >= 0 && basis[i]! < basis[r]!)) {
            ratio = q;
            r = i;
          }
        }
      }
      if (r < 0) return 'unbounded';
      degenerate = ratio <= 1e-15 ? degenerate + 1 : 0;
      pivot(r, e);
    }
    return 'iteration_limit';
  };

  if (artRows.length > 0) {
    const s1 = run(ph1, cols);
    if (s1 === 'iteration_limit') return { status: s1 };
    if (-T[ph1 + cols]! > 1e-9) return { status: 'infeasible' };
    // Drive zero-level artificials out of the basis where a real column can replace them.
    for (let i = 0; i < m; i++) {
      if (basis[i]! < nv) continue;
      for (let j = 0; j < nv; j++) {
        if (Math.abs(T[i * w + j]!) > 1e-9) {
          pivot(i, j);
          break;
        }
      }
    }
  }
  const s2 = run(obj, nv);
  if (s2 !== 'optimal') return { status: s2 };
  const x = new Float64Array(nv);
  for (let i = 0; i < m; i++) if (basis[i]! < nv) x[basis[i]!] = T[i * w + cols]!;
  let objective = 0;
  for (let j = 0; j < nv; j++) objective += lp.c[j]! * x[j]!;
  return { status: 'optimal', x, objective, pivots };
}
