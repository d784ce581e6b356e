/**
 * A small dense two-phase primal simplex for  min cᵀx  s.t.  A x = b,  x ≥ 0  (Dantzig pricing,
 * Harris' ratio test, switching to Bland's rule after a run of degenerate pivots so it cannot cycle).
 * Meant for the modest LPs of this package (a few thousand rows), not as a general LP solver. Rows
 * are sign-normalised so b ≥ 0; columns that are already unit vectors seed the basis and the
 * remaining rows get artificials (phase 1). For numerical safety on degenerate, badly scaled
 * scenario LPs: b is perturbed while solving and restored at the end with dual simplex pivots, and
 * the tableau is rebuilt from the original data (reinverted) periodically and before an optimum is
 * accepted.
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
const SIMPLEX_TOLERANCE = 1e-11;
/** Smallest tableau entry the ratio test pivots on (smaller ones are treated as round-off zeros). */
const PIVOT_TOLERANCE = 1e-9;
/** How far below zero Harris' ratio test lets a basic variable go to pick a larger pivot. */
const FEASIBILITY_TOLERANCE = 1e-12;
const DEGENERATE_RUN_BEFORE_BLAND = 50;
/** Relative size of the right-hand-side perturbation used while solving (removed at the end). */
const PERTURBATION = 1e-9;
/** Pivots between reinversions (at least the row count, so reinversion at most doubles the work). */
const REINVERT_EVERY = 100;
/** Times an optimum found on a drifted tableau is reinverted and the search resumed. */
const MAX_VERIFICATIONS = 3;

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
  // Degeneracy (many basic variables at zero, as the identical scenarios of a CVaR LP give) makes
  // ratio ties, and ties make tiny round-off pivots likely. Each right-hand side is raised by a
  // distinct tiny amount while solving; the exact b comes back after phase 2 (dual simplex clean-up).
  const exactRhs = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    exactRhs[i] = T[i * w + cols]!;
    T[i * w + cols] =
      exactRhs[i]! + PERTURBATION * (1 + Math.abs(exactRhs[i]!)) * (1 + ((i * 0.6180339887498949) % 1));
  }
  // The pristine tableau (raw costs, phase-1 cost 1 per artificial) that reinvert() rebuilds from.
  const T0 = T.slice();
  for (let j = 0; j < nv; j++) T0[obj + j] = lp.c[j]!;
  for (let k = 0; k < artRows.length; k++) T0[ph1 + nv + k] = 1;
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

  // Column non-zero counts of the pristine tableau: reinversion eliminates sparse columns first.
  const columnCount = new Int32Array(cols);
  for (let i = 0; i < m; i++) for (let j = 0; j < cols; j++) if (T0[i * w + j] !== 0) columnCount[j]++;
  /**
   * Rebuilds the tableau for the current basis from the pristine one (Gauss–Jordan with partial
   * pivoting), discarding the round-off that pivot after pivot accumulates: on the degenerate,
   * badly scaled LPs of scenario optimisation that drift can otherwise make an "optimal" basis
   * infeasible by orders of magnitude. Returns false, leaving the tableau as it was, if the basis is
   * numerically singular.
   */
  const reinvert = (): boolean => {
    const saved = T.slice();
    const savedBasis = basis.slice();
    const order = Array.from(basis).sort((a, b) => columnCount[a]! - columnCount[b]! || a - b);
    T.set(T0);
    const assigned = new Uint8Array(m);
    const counted = pivots;
    for (const j of order) {
      let r = -1;
      let best = PIVOT_TOLERANCE;
      for (let i = 0; i < m; i++) {
        const a = Math.abs(T[i * w + j]!);
        if (assigned[i] === 0 && a > best) {
          best = a;
          r = i;
        }
      }
      if (r < 0) {
        T.set(saved);
        basis.set(savedBasis);
        pivots = counted;
        return false;
      }
      pivot(r, j);
      assigned[r] = 1;
    }
    pivots = counted;
    return true;
  };
  const reinvertEvery = Math.max(REINVERT_EVERY, m);

  const run = (costRow: number, allowed: number): 'optimal' | 'unbounded' | 'iteration_limit' => {
    let degenerate = 0;
    let sinceReinversion = 0;
    let verified = 0;
    while (pivots < maxPivots) {
      if (sinceReinversion >= reinvertEvery) {
        reinvert();
        sinceReinversion = 0;
      }
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
      if (e < 0) {
        // Optimal on the drifted tableau: confirm on a fresh one (a few rounds at most).
        if (sinceReinversion === 0 || verified >= MAX_VERIFICATIONS || !reinvert()) return 'optimal';
        verified++;
        sinceReinversion = 0;
        continue;
      }
      // Ratio test. An entry is a pivot candidate only above PIVOT_TOLERANCE: entries that are zero in
      // exact arithmetic come out of earlier eliminations as round-off, and pivoting on one divides
      // that round-off into every row (a min-CVaR LP once lost feasibility by 4e-4 that way). Harris'
      // two passes: the largest step that keeps every basic variable above −FEASIBILITY_TOLERANCE, then
      // among the rows that block within it the largest pivot element (degenerate ties are common
      // here and a tiny pivot among them is the usual cause of blow-up). Bland mode takes the lowest
      // basic index among the exact minimum ratios instead, so it cannot cycle.
      let r = -1;
      let ratio = Number.POSITIVE_INFINITY;
      if (bland) {
        for (let i = 0; i < m; i++) {
          const a = T[i * w + e]!;
          if (a <= PIVOT_TOLERANCE) continue;
          const q = Math.max(T[i * w + cols]!, 0) / a;
          if (q < ratio || (q === ratio && basis[i]! < basis[r]!)) {
            ratio = q;
            r = i;
          }
        }
      } else {
        let bound = Number.POSITIVE_INFINITY;
        for (let i = 0; i < m; i++) {
          const a = T[i * w + e]!;
          if (a > PIVOT_TOLERANCE)
            bound = Math.min(bound, (Math.max(T[i * w + cols]!, 0) + FEASIBILITY_TOLERANCE) / a);
        }
        let largest = 0;
        for (let i = 0; i < m; i++) {
          const a = T[i * w + e]!;
          if (a <= PIVOT_TOLERANCE) continue;
          const q = Math.max(T[i * w + cols]!, 0) / a;
          if (q <= bound && a > largest) {
            largest = a;
            ratio = q;
            r = i;
          }
        }
      }
      if (r < 0) return 'unbounded';
      degenerate = ratio <= FEASIBILITY_TOLERANCE ? degenerate + 1 : 0;
      pivot(r, e);
      sinceReinversion++;
    }
    return 'iteration_limit';
  };

  if (artRows.length > 0) {
    const s1 = run(ph1, cols);
    if (s1 === 'iteration_limit') return { status: s1 };
    if (-T[ph1 + cols]! > 1e-7) return { status: 'infeasible' };
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
  // Back to the exact right-hand sides: a fresh tableau for the optimal basis, then dual simplex
  // pivots (the basis stays dual feasible) until every basic variable is non-negative again.
  for (let i = 0; i < m; i++) T0[i * w + cols] = exactRhs[i]!;
  if (!reinvert()) return { status: 'iteration_limit' };
  while (pivots < maxPivots) {
    let r = -1;
    let most = -FEASIBILITY_TOLERANCE;
    for (let i = 0; i < m; i++) {
      const v = T[i * w + cols]!;
      if (v < most) {
        most = v;
        r = i;
      }
    }
    if (r < 0) break;
    let e = -1;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < nv; j++) {
      const a = T[r * w + j]!;
      if (a >= -PIVOT_TOLERANCE) continue;
      const q = Math.max(T[obj + j]!, 0) / -a;
      if (q < best || (q === best && a < T[r * w + e]!)) {
        best = q;
        e = j;
      }
    }
    if (e < 0) return { status: 'infeasible' };
    pivot(r, e);
  }
  if (pivots >= maxPivots) return { status: 'iteration_limit' };
  const x = new Float64Array(nv);
  for (let i = 0; i < m; i++) if (basis[i]! < nv) x[basis[i]!] = T[i * w + cols]!;
  let objective = 0;
  for (let j = 0; j < nv; j++) objective += lp.c[j]! * x[j]!;
  return { status: 'optimal', x, objective, pivots };
}
