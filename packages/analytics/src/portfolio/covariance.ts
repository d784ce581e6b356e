import type { Matrix } from './matrix.js';

function checkColumns(columns: readonly Float64Array[]): number {
  const t = columns[0]?.length ?? 0;
  if (columns.some((c) => c.length !== t)) throw new RangeError('asset return columns differ in length');
  return t;
}

/** Column means (per-period expected returns estimated as the sample mean). */
export function meanReturns(columns: readonly Float64Array[]): Float64Array {
  const t = checkColumns(columns);
  return Float64Array.from(columns, (c) => {
    let s = 0;
    for (let k = 0; k < t; k++) s += c[k]!;
    return s / t;
  });
}

/** Columns minus their means. */
export function centredColumns(columns: readonly Float64Array[]): Float64Array[] {
  const mu = meanReturns(columns);
  return columns.map((c, i) => c.map((x) => x - mu[i]!));
}

/**
 * Sample covariance matrix of asset return columns (one Float64Array per asset, aligned), divided
 * by T − ddof (default ddof = 1, numpy `np.cov`). Per-period units.
 */
export function sampleCovarianceMatrix(columns: readonly Float64Array[], ddof = 1): Float64Array[] {
  const t = checkColumns(columns);
  const x = centredColumns(columns);
  const n = columns.length;
  const out = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    for (let j = i; j < n; j++) {
      const xj = x[j]!;
      let s = 0;
      for (let k = 0; k < t; k++) s += xi[k]! * xj[k]!;
      out[i]![j] = out[j]![i] = s / (t - ddof);
    }
  }
  return out;
}

/** Correlation matrix from a covariance matrix: C_ij / √(C_ii C_jj). */
export function correlationFromCovariance(cov: Matrix): Float64Array[] {
  const sd = cov.map((r, i) => Math.sqrt(r[i]!));
  return cov.map((r, i) => r.map((v, j) => (i === j ? 1 : v / (sd[i]! * sd[j]!))));
}
