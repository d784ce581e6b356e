import type { BootstrapInterval } from './block-bootstrap.js';
import { seededRandom } from './seeded-random.js';

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
  if (values.length === 0) return undefined;
  const sums = new Map<number, { sum: number; n: number }>();
  for (const v of values) {
    const b = sums.get(v.block) ?? { sum: 0, n: 0 };
    b.sum += v.value;
    b.n += 1;
    sums.set(v.block, b);
  }
  const blocks = [...sums.values()];
  const mean = blocks.reduce((a, b) => a + b.sum, 0) / values.length;
  const random = seededRandom(seed);
  const means: number[] = [];
  for (let r = 0; r < reps; r++) {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < blocks.length; k++) {
      const b = blocks[Math.floor(random() * blocks.length)] as { sum: number; n: number };
      sum += b.sum;
      n += b.n;
    }
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  const at = (q: number) => means[Math.min(reps - 1, Math.max(0, Math.floor(q * reps)))] as number;
  let below = 0;
  let above = 0;
  for (const m of means) {
    if (m <= 0) below++;
    if (m >= 0) above++;
  }
  const p = Math.min(1, (2 * (Math.min(below, above) + 1)) / (reps + 1));
  return { mean, low: at(0.025), high: at(0.975), n: values.length, blocks: blocks.length, p_value: p };
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
