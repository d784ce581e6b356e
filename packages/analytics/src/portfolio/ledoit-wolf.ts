import { centredColumns } from './covariance.js';

/**
 * Shrinkage target. `constant_correlation`: Ledoit & Wolf (2004) "Honey, I shrunk the sample
 * covariance matrix" (J. Portfolio Management), target = sample variances with the average sample
 * correlation off the diagonal. `identity`: Ledoit & Wolf (2004) "A well-conditioned estimator for
 * large-dimensional covariance matrices" (J. Multivariate Analysis), target = (tr S / n)·I — what
 * scikit-learn's `LedoitWolf` uses.
 */
export type ShrinkageTarget = 'constant_correlation' | 'identity';

export interface ShrunkCovariance {
  readonly covariance: Float64Array[];
  /** Optimal shrinkage intensity δ ∈ [0, 1]: Σ = δ F + (1 − δ) S. */
  readonly shrinkage: number;
  readonly target: ShrinkageTarget;
}

/**
 * Ledoit–Wolf shrinkage covariance of asset return columns. Both estimators start from the
 * maximum-likelihood sample covariance S = XᵀX / T of the de-meaned returns (divisor T, as in the
 * papers' code and scikit-learn), so Σ is in per-period units.
 */
export function ledoitWolfCovariance(
  columns: readonly Float64Array[],
  target: ShrinkageTarget = 'constant_correlation',
): ShrunkCovariance {
  const n = columns.length;
  const t = columns[0]?.length ?? 0;
  if (n === 0 || t < 2) throw new RangeError('need at least one asset and two periods');
  const x = centredColumns(columns);
  const s = Array.from({ length: n }, () => new Float64Array(n));
  // m4[i][j] = (1/T) Σ_t x_ti² x_tj²
  const m4 = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let a = 0;
      let b = 0;
      const xi = x[i]!;
      const xj = x[j]!;
      for (let k = 0; k < t; k++) {
        const p = xi[k]! * xj[k]!;
        a += p;
        b += p * p;
      }
      s[i]![j] = s[j]![i] = a / t;
      m4[i]![j] = m4[j]![i] = b / t;
    }
  }
  return target === 'identity' ? shrinkToIdentity(s, m4, t) : shrinkToConstantCorrelation(s, m4, x, t);
}

function blend(s: Float64Array[], f: Float64Array[], delta: number): Float64Array[] {
  return s.map((row, i) => row.map((v, j) => delta * f[i]![j]! + (1 - delta) * v));
}

function shrinkToIdentity(s: Float64Array[], m4: Float64Array[], t: number): ShrunkCovariance {
  const n = s.length;
  let trace = 0;
  for (let i = 0; i < n; i++) trace += s[i]![i]!;
  const mu = trace / n;
  // d² = ‖S − μI‖² and b̄² = (1/T)(mean_t ‖x_t x_tᵀ‖² − ‖S‖²), norms ‖A‖² = tr(AAᵀ)/n.
  let d2 = 0;
  let s2 = 0;
  let sumM4 = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const v = s[i]![j]!;
      const dv = v - (i === j ? mu : 0);
      d2 += dv * dv;
      s2 += v * v;
      sumM4 += m4[i]![j]!;
    }
  }
  d2 /= n;
  const b2 = Math.min((sumM4 - s2) / (n * t), d2);
  const delta = d2 === 0 ? 0 : b2 / d2;
  const f = Array.from({ length: n }, (_, i) => {
    const r = new Float64Array(n);
    r[i] = mu;
    return r;
  });
  return { covariance: blend(s, f, delta), shrinkage: delta, target: 'identity' };
}

function shrinkToConstantCorrelation(
  s: Float64Array[],
  m4: Float64Array[],
  x: Float64Array[],
  t: number,
): ShrunkCovariance {
  const n = s.length;
  const sd = s.map((r, i) => Math.sqrt(r[i]!));
  let rSum = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) rSum += s[i]![j]! / (sd[i]! * sd[j]!);
  const rBar = n > 1 ? rSum / (n * (n - 1)) : 0;
  const f = s.map((row, i) => row.map((v, j) => (i === j ? v : rBar * sd[i]! * sd[j]!)));
  // π̂ = Σ_ij Var(√T s_ij): φ_ij = (1/T) Σ_t x_ti² x_tj² − s_ij².
  let pi = 0;
  let piDiag = 0;
  let gamma = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const phi = m4[i]![j]! - s[i]![j]! ** 2;
      pi += phi;
      if (i === j) piDiag += phi;
      gamma += (s[i]![j]! - f[i]![j]!) ** 2;
    }
  }
  // ρ̂ = Σ_i φ_ii + r̄ Σ_{i≠j} (√s_jj/√s_ii) θ_ij, θ_ij = (1/T) Σ_t x_ti³ x_tj − s_ii s_ij.
  let rhoOff = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    const cube = xi.map((v) => v * v * v);
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const xj = x[j]!;
      let a = 0;
      for (let k = 0; k < t; k++) a += cube[k]! * xj[k]!;
      const theta = a / t - s[i]![i]! * s[i]![j]!;
      rhoOff += (sd[j]! / sd[i]!) * theta;
    }
  }
  const rho = piDiag + rBar * rhoOff;
  const kappa = gamma === 0 ? 0 : (pi - rho) / gamma;
  const delta = Math.max(0, Math.min(1, kappa / t));
  return { covariance: blend(s, f, delta), shrinkage: delta, target: 'constant_correlation' };
}
