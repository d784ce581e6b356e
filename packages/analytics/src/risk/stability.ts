/**
 * Stability of time series (empyrical `stability_of_timeseries`): R² of the least-squares line
 * through the cumulative log returns y_t = Σ_{s≤t} log(1 + r_s) against the index t = 0…n−1.
 * Needs n ≥ 2; a flat path → NaN.
 */
export function stabilityOfTimeseries(returns: Float64Array): number {
  const n = returns.length;
  if (n < 2) return Number.NaN;
  const y = new Float64Array(n);
  let acc = 0;
  let sy = 0;
  for (let t = 0; t < n; t++) {
    acc += Math.log1p(returns[t]!);
    y[t] = acc;
    sy += acc;
  }
  const my = sy / n;
  const mx = (n - 1) / 2;
  let cxy = 0;
  let cxx = 0;
  let cyy = 0;
  for (let t = 0; t < n; t++) {
    const dx = t - mx;
    const dy = y[t]! - my;
    cxy += dx * dy;
    cxx += dx * dx;
    cyy += dy * dy;
  }
  return cyy === 0 ? Number.NaN : (cxy * cxy) / (cxx * cyy);
}
