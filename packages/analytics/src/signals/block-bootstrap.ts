import { seededRandom } from './seeded-random.js';

/** A mean with its bootstrap 95 % interval. */
export interface BootstrapInterval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  readonly blocks: number;
}

/**
 * The mean of `values` with a 95 % percentile interval from a block bootstrap: values are grouped by
 * `block` (consecutive blocks of sessions, so cards that repeat within days move together), whole blocks
 * are resampled with replacement `reps` times, and the interval is the 2.5th and 97.5th percentiles of the
 * resampled means. Seeded: the same input gives the same interval. Undefined without values.
 */
export function blockBootstrapMean(
  values: readonly { readonly block: number; readonly value: number }[],
  reps = 2000,
  seed = 'bellwether',
): BootstrapInterval | undefined {
  return resampledMeans(values, reps, seed)?.interval;
}

/**
 * The block bootstrap itself: the interval `blockBootstrapMean` returns and the sorted resampled means it
 * was read from (for a test on them: `blockBootstrapTest`). Undefined without values.
 */
export function resampledMeans(
  values: readonly { readonly block: number; readonly value: number }[],
  reps: number,
  seed: string,
): { readonly interval: BootstrapInterval; readonly means: readonly number[] } | undefined {
  if (values.length === 0) return undefined;
  const sums = new Map<number, { sum: number; n: number }>();
  for (const v of values) {
    const b = sums.get(v.block) ?? { sum: 0, n: 0 };
    b.sum += v.value;
    b.n += 1;
    sums.set(v.block, b);
  }
  const blocks = [...sums.values()];
  const total = blocks.reduce((a, b) => a + b.sum, 0);
  const mean = total / values.length;
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
  return {
    interval: { mean, low: at(0.025), high: at(0.975), n: values.length, blocks: blocks.length },
    means,
  };
}
