/**
 * Confidence of a detected pattern, in [0, 1].
 *
 * A pattern is a conjunction of tests, most of them "this measure exceeds / stays under a candle
 * setting's threshold". Each such test of a detected pattern is scored by how far it clears its
 * threshold, relative to the threshold:
 * - `exceeds(x, t)` for tests `x > t`: (x − t) / t, capped at 1 (0 at the threshold, 1 at twice it);
 * - `under(x, t)` for tests `x < t`: (t − x) / t (0 at the threshold, 1 when x is 0).
 * The pattern's confidence is the mean of its scores (`meanScore`). Which tests a pattern scores is
 * listed in its file; patterns without any setting-based test score their defining structural margin.
 * Confidence is only computed where the signal is non-zero and is 0 elsewhere.
 */

function clamp01(x: number): number {
  return x > 1 ? 1 : Math.max(x, 0);
}

/** Score of a passed test `value > threshold`. */
export function exceeds(value: number, threshold: number): number {
  if (!(threshold > 0)) return value > threshold ? 1 : 0;
  return clamp01((value - threshold) / threshold);
}

/** Score of a passed test `value < threshold` (or ≤). */
export function under(value: number, threshold: number): number {
  if (!(threshold > 0)) return value <= threshold ? 1 : 0;
  return clamp01((threshold - value) / threshold);
}

/** Mean of test scores; 1 when a pattern has no scored test. */
export function meanScore(...scores: number[]): number {
  if (scores.length === 0) return 1;
  let s = 0;
  for (const x of scores) s += x;
  return clamp01(s / scores.length);
}
