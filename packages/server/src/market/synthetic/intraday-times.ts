import type { Prng } from './prng.js';

/** Share of events drawn near the open and near the close (the intraday U-shape of activity). */
const EDGE_SHARE = 0.2;

/**
 * `count` ≥ 2 strictly increasing event times in [first, last] with gaps of at least 2 ms (so a quote
 * can be placed 1 ms before each trade): the first at `first`, the last at `last`, the rest drawn from
 * a U-shaped intensity (uniform, plus extra mass near both ends).
 */
export function eventTimes(count: number, first: number, last: number, rng: Prng): Float64Array {
  const span = last - first;
  if (span < 2 * (count - 1)) throw new RangeError(`a ${span} ms session cannot hold ${count} events`);
  const u = new Float64Array(count - 2);
  for (let i = 0; i < u.length; i++) {
    const v = rng.uniform();
    const edge = rng.uniform();
    u[i] = edge < EDGE_SHARE ? v * v * 0.5 : edge < 2 * EDGE_SHARE ? 1 - v * v * 0.5 : v;
  }
  u.sort();
  const t = new Float64Array(count);
  t[0] = first;
  t[count - 1] = last;
  for (let i = 1; i < count - 1; i++) t[i] = Math.max(first + Math.floor(u[i - 1]! * span), t[i - 1]! + 2);
  for (let i = count - 2; i > 0; i--) t[i] = Math.min(t[i]!, t[i + 1]! - 2);
  return t;
}
