import { correlationFromCovariance } from './covariance.js';
import { type Matrix, quadForm } from './matrix.js';
import { describePortfolio, type OptimizedPortfolio } from './optimized-portfolio.js';
import { inverseVarianceWeights } from './simple-allocations.js';

/** One merge of the single-linkage tree, in scipy `linkage` layout: ids < n are assets. */
export interface LinkageStep {
  readonly left: number;
  readonly right: number;
  readonly distance: number;
  readonly size: number;
}

/**
 * Single-linkage agglomerative clustering of `points` (rows) under Euclidean distance, O(n³).
 * Merged clusters get ids n, n+1, … in merge order; each step lists the smaller id first.
 */
function singleLinkage(points: Matrix): LinkageStep[] {
  const n = points.length;
  const dist = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let k = 0; k < points[i]!.length; k++) s += (points[i]![k]! - points[j]![k]!) ** 2;
      return Math.sqrt(s);
    }),
  );
  const id = Array.from({ length: n }, (_, i) => i);
  const size = new Array<number>(n).fill(1);
  const alive = new Array<boolean>(n).fill(true);
  const steps: LinkageStep[] = [];
  for (let m = 0; m < n - 1; m++) {
    let bi = -1;
    let bj = -1;
    let bd = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (alive[j] && dist[i]![j]! < bd) {
          bd = dist[i]![j]!;
          bi = i;
          bj = j;
        }
      }
    }
    const a = id[bi]!;
    const b = id[bj]!;
    steps.push({ left: Math.min(a, b), right: Math.max(a, b), distance: bd, size: size[bi]! + size[bj]! });
    // Merge bj into bi: single linkage keeps the minimum distance.
    for (let k = 0; k < n; k++) {
      const d = Math.min(dist[bi]![k]!, dist[bj]![k]!);
      dist[bi]![k] = d;
      dist[k]![bi] = d;
    }
    alive[bj] = false;
    id[bi] = n + m;
    size[bi] = size[bi]! + size[bj]!;
  }
  return steps;
}

/** Leaf order of the tree: the quasi-diagonalisation of López de Prado (2016). */
function quasiDiagonalOrder(steps: readonly LinkageStep[], n: number): number[] {
  if (n === 1) return [0];
  const out: number[] = [];
  const visit = (node: number): void => {
    if (node < n) {
      out.push(node);
      return;
    }
    const s = steps[node - n]!;
    visit(s.left);
    visit(s.right);
  };
  visit(n + steps.length - 1);
  return out;
}

function clusterVariance(covariance: Matrix, items: readonly number[]): number {
  const sub = items.map((i) => Float64Array.from(items, (j) => covariance[i]![j]!));
  return quadForm(sub, inverseVarianceWeights(sub));
}

/**
 * Hierarchical risk parity (López de Prado 2016, "Building diversified portfolios that outperform
 * out of sample"), as in the paper's code: distance d_ij = √((1 − ρ_ij)/2); single linkage on the
 * Euclidean distances between columns of d; quasi-diagonal leaf order; recursive bisection of that
 * order into halves (first ⌊k/2⌋ items left), splitting weight by inverse cluster variance of the
 * inverse-variance sub-portfolios. Long-only and fully invested; bounds are not applied.
 */
export function hierarchicalRiskParityPortfolio(
  covariance: Matrix,
): OptimizedPortfolio & { order: number[] } {
  const n = covariance.length;
  const corr = correlationFromCovariance(covariance);
  const d = corr.map((r) => r.map((rho) => Math.sqrt(Math.max(0, (1 - rho) / 2))));
  const order = quasiDiagonalOrder(singleLinkage(d), n);
  const w = new Float64Array(n).fill(1);
  let clusters: number[][] = [order];
  while (clusters.length > 0) {
    const next: number[][] = [];
    for (const c of clusters) {
      if (c.length <= 1) continue;
      const half = Math.floor(c.length / 2);
      const left = c.slice(0, half);
      const right = c.slice(half);
      const v0 = clusterVariance(covariance, left);
      const v1 = clusterVariance(covariance, right);
      const alpha = 1 - v0 / (v0 + v1);
      for (const i of left) w[i] = w[i]! * alpha;
      for (const i of right) w[i] = w[i]! * (1 - alpha);
      next.push(left, right);
    }
    clusters = next;
  }
  return { ...describePortfolio(w, covariance), order };
}
