/** Volume-weighted average price Σ p·q / Σ q; NaN without volume. */
export function vwap(price: Float64Array, size: Float64Array): number {
  if (price.length !== size.length) throw new RangeError('vwap: length mismatch');
  let pv = 0;
  let v = 0;
  for (let i = 0; i < price.length; i++) {
    pv += price[i]! * size[i]!;
    v += size[i]!;
  }
  return v > 0 ? pv / v : Number.NaN;
}

/** Running VWAP after each trade (aligned with the inputs; NaN until volume is seen). */
export function cumulativeVwap(price: Float64Array, size: Float64Array): Float64Array {
  if (price.length !== size.length) throw new RangeError('cumulativeVwap: length mismatch');
  const out = new Float64Array(price.length);
  let pv = 0;
  let v = 0;
  for (let i = 0; i < price.length; i++) {
    pv += price[i]! * size[i]!;
    v += size[i]!;
    out[i] = v > 0 ? pv / v : Number.NaN;
  }
  return out;
}

/**
 * Time-weighted average price over [startMs, endMs): each trade price holds until the next trade.
 * Before the first trade inside the interval the last earlier trade's price holds, if there is one;
 * otherwise that stretch is left out of the average. NaN when no price covers any of the interval.
 */
export function twap(time: Float64Array, price: Float64Array, startMs: number, endMs: number): number {
  if (time.length !== price.length) throw new RangeError('twap: length mismatch');
  let area = 0;
  let covered = 0;
  let curPrice = Number.NaN;
  let curStart = startMs;
  for (let i = 0; i < time.length; i++) {
    const t = time[i]!;
    if (t < startMs) {
      curPrice = price[i]!;
      continue;
    }
    if (t >= endMs) break;
    if (!Number.isNaN(curPrice)) {
      area += curPrice * (t - curStart);
      covered += t - curStart;
    }
    curPrice = price[i]!;
    curStart = t;
  }
  if (!Number.isNaN(curPrice) && endMs > curStart) {
    area += curPrice * (endMs - curStart);
    covered += endMs - curStart;
  }
  return covered > 0 ? area / covered : Number.NaN;
}
