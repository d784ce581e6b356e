import { fillNaN, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `alma`. */
export function almaLookback(period: number): number {
  return period - 1;
}

/**
 * Arnaud Legoux moving average: Gaussian weights exp(−(i − m)²/(2s²)) over the window (i = 0 oldest),
 * m = offset·(period − 1), s = period/sigma, normalised to sum 1. Leading NaNs are skipped.
 */
export function alma(values: Float64Array, period = 9, offset = 0.85, sigma = 6): Float64Array {
  const n = values.length;
  const out = nanArray(n);
  const start = firstFinite(values);
  const m = offset * (period - 1);
  const s = period / sigma;
  const w = new Float64Array(period);
  let norm = 0;
  for (let i = 0; i < period; i++) {
    w[i] = Math.exp(-((i - m) * (i - m)) / (2 * s * s));
    norm += w[i]!;
  }
  for (let i = 0; i < period; i++) w[i] = w[i]! / norm;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  for (let t = first; t < n; t++) {
    let acc = 0;
    const base = t - period + 1;
    for (let i = 0; i < period; i++) acc += w[i]! * values[base + i]!;
    out[t] = acc;
  }
  return out;
}
