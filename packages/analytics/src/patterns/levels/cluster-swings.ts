import type { Swing } from '../swings/types.js';
import type { PriceLevel } from './types.js';

/**
 * Groups swings into price levels: sorted by price (then bar), each swing joins the current cluster while
 * it is within `tolerance` of the cluster's lowest price, otherwise it opens a new cluster. Clusters with
 * fewer than `minTouches` swings are dropped. Levels come out ordered by price, ascending.
 */
export function clusterSwings(
  swings: readonly Swing[],
  tolerance: number,
  minTouches: number,
  asOf: number,
  close: number,
  halfLife: number,
): PriceLevel[] {
  const sorted = [...swings].sort((a, b) => a.price - b.price || a.index - b.index);
  const levels: PriceLevel[] = [];
  let start = 0;
  for (let j = 1; j <= sorted.length; j++) {
    if (j < sorted.length && sorted[j]!.price - sorted[start]!.price <= tolerance) continue;
    if (j - start >= minTouches) levels.push(toLevel(sorted.slice(start, j), asOf, close, halfLife));
    start = j;
  }
  return levels;
}

function toLevel(cluster: readonly Swing[], asOf: number, close: number, halfLife: number): PriceLevel {
  let sum = 0;
  let strength = 0;
  let highTouches = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of cluster) {
    sum += s.price;
    strength += 0.5 ** ((asOf - s.index) / halfLife);
    if (s.kind === 'high') highTouches++;
    first = Math.min(first, s.index);
    last = Math.max(last, s.index);
  }
  const price = sum / cluster.length;
  return {
    price,
    kind: price <= close ? 'support' : 'resistance',
    low: cluster[0]!.price,
    high: cluster[cluster.length - 1]!.price,
    touches: cluster.length,
    highTouches,
    lowTouches: cluster.length - highTouches,
    firstTouch: first,
    lastTouch: last,
    strength,
  };
}
