/** Denominators tried when a split coefficient is read as a ratio of small integers. */
const MAX_DENOMINATOR = 20;
/** Relative distance within which a coefficient is that ratio: float noise of the provider, not a different split. */
const SNAP = 1e-5;

/**
 * A split coefficient as the ratio it stands for (ADR 0080): within 10 ppm of p/q with q ≤ 20 it is p/q
 * (Alpha Vantage's 7.00000700001 for AAPL's 7-for-1 is 7; 1.49999925 is 3/2; 0.142857142857 is 1/7);
 * anything else, such as 1.06883283454 (a spin-off written as a split), is read as written. A value that is
 * not a positive finite number answers NaN.
 */
export function splitRatio(coefficient: number): number {
  if (!(coefficient > 0) || !Number.isFinite(coefficient)) return Number.NaN;
  for (let q = 1; q <= MAX_DENOMINATOR; q++) {
    const p = Math.round(coefficient * q);
    if (p > 0 && Math.abs(p / q / coefficient - 1) <= SNAP) return p / q;
  }
  return coefficient;
}
