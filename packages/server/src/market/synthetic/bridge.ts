import type { Prng } from './prng.js';

/**
 * Log high and log low, relative to the open, of a Brownian path from 0 to `x` with total
 * standard deviation `s` over the interval. Uses the exact law of the maximum of a Brownian bridge,
 * P(M > m) = exp(−2m(m − x)/s²) for m ≥ max(0, x), inverted at a uniform draw (and mirrored for
 * the minimum). Always hi ≥ max(0, x) and lo ≤ min(0, x).
 */
export function bridgeExtremes(x: number, s: number, rng: Prng): [hi: number, lo: number] {
  const s2 = 2 * s * s;
  const hi = (x + Math.sqrt(x * x - s2 * Math.log(rng.uniform()))) / 2;
  const lo = (x - Math.sqrt(x * x - s2 * Math.log(rng.uniform()))) / 2;
  return [Math.max(hi, 0, x), Math.min(lo, 0, x)];
}
