import { type BootstrapInterval, resampledMeans } from './block-bootstrap.js';

/** A block-bootstrap mean with its two-sided p-value against a mean of zero. */
export interface BootstrapTest extends BootstrapInterval {
  /**
   * Two-sided bootstrap p-value of "the mean is zero": twice the smaller share of resampled means on
   * either side of zero (plus one in numerator and denominator, so it is never 0), capped at 1. The 95 %
   * percentile interval excludes zero exactly when this is below about 0.05.
   */
  readonly p_value: number;
}

/**
 * `blockBootstrapMean` (the same resampling, draw for draw, so the same seed gives the same interval) with
 * the bootstrap p-value of a zero mean. Undefined without values.
 */
export function blockBootstrapTest(
  values: readonly { readonly block: number; readonly value: number }[],
  reps = 2000,
  seed = 'bellwether',
): BootstrapTest | undefined {
  const r = resampledMeans(values, reps, seed);
  if (r === undefined) return undefined;
  const { interval, means } = r;
  let below = 0;
  let above = 0;
  for (const m of means) {
    if (m <= 0) below++;
    if (m >= 0) above++;
  }
  const p = Math.min(1, (2 * (Math.min(below, above) + 1)) / (means.length + 1));
  return { ...interval, p_value: p };
}

/**
 * Holm's step-down adjustment (Holm 1979, "A simple sequentially rejective multiple test procedure"):
 * with the m p-values in ascending order p(1) ≤ … ≤ p(m), the adjusted p(i) is
 * max over j ≤ i of min(1, (m − j + 1) · p(j)). Rejecting every hypothesis whose adjusted p-value is
 * below α keeps the family-wise error rate at α whatever the dependence between the tests. Returned in
 * the input's order; NaN stays NaN and does not count as a test.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const tested = pValues
    .map((p, i) => ({ p, i }))
    .filter((x) => Number.isFinite(x.p))
    .sort((a, b) => a.p - b.p || a.i - b.i);
  const m = tested.length;
  const out = pValues.map(() => Number.NaN);
  let running = 0;
  for (const [j, x] of tested.entries()) {
    running = Math.max(running, Math.min(1, (m - j) * x.p));
    out[x.i] = running;
  }
  return out;
}
