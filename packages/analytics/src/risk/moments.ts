/**
 * Sample moments. Deviations are sample (ddof = 1) unless a function says otherwise; skewness and
 * excess kurtosis are the bias-adjusted Fisher–Pearson G1 / G2 (pandas `skew()`/`kurt()`,
 * scipy.stats `skew(bias=False)` / `kurtosis(bias=False)`).
 */

export function mean(x: ArrayLike<number>): number {
  const n = x.length;
  if (n === 0) return Number.NaN;
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i]!;
  return s / n;
}

/** Standard deviation with `ddof` degrees of freedom removed (default 1: sample). */
export function standardDeviation(x: ArrayLike<number>, ddof = 1): number {
  const n = x.length;
  if (n - ddof <= 0) return Number.NaN;
  const m = mean(x);
  let s = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - m;
    s += d * d;
  }
  return Math.sqrt(s / (n - ddof));
}

/** Sample covariance (ddof = 1) of two equal-length series. */
export function covariance(x: ArrayLike<number>, y: ArrayLike<number>, ddof = 1): number {
  const n = x.length;
  if (n - ddof <= 0 || y.length !== n) return Number.NaN;
  const mx = mean(x);
  const my = mean(y);
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i]! - mx) * (y[i]! - my);
  return s / (n - ddof);
}

function centralMoments(x: ArrayLike<number>): { n: number; m2: number; m3: number; m4: number } {
  const n = x.length;
  const m = mean(x);
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - m;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  return { n, m2: m2 / n, m3: m3 / n, m4: m4 / n };
}

/** Bias-adjusted sample skewness G1 = g1·√(n(n−1))/(n−2); needs n ≥ 3. */
export function skewness(x: ArrayLike<number>): number {
  const { n, m2, m3 } = centralMoments(x);
  if (n < 3 || m2 === 0) return Number.NaN;
  const g1 = m3 / m2 ** 1.5;
  return (g1 * Math.sqrt(n * (n - 1))) / (n - 2);
}

/** Bias-adjusted sample excess kurtosis G2 (normal → 0); needs n ≥ 4. */
export function excessKurtosis(x: ArrayLike<number>): number {
  const { n, m2, m4 } = centralMoments(x);
  if (n < 4 || m2 === 0) return Number.NaN;
  const g2 = m4 / (m2 * m2) - 3;
  return ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * g2 + 6);
}

/**
 * Quantile with linear interpolation between order statistics (Hyndman–Fan type 7, numpy's
 * default `percentile`). `q` in [0, 1].
 */
export function quantile(x: ArrayLike<number>, q: number): number {
  const n = x.length;
  if (n === 0 || !(q >= 0 && q <= 1)) return Number.NaN;
  const sorted = Float64Array.from(x).sort();
  if (Number.isNaN(sorted[n - 1]!)) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
