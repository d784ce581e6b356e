import { fillNaN } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `beta`: period (one bar is spent on the first return). */
export function betaLookback(period: number): number {
  return period;
}

const EPSILON = 1e-14;

function pctChange(price: number, last: number): number {
  return last > -EPSILON && last < EPSILON ? 0 : (price - last) / last;
}

/**
 * Rolling beta (TA-Lib `BETA`, port of ta_BETA.c): least-squares slope of the simple returns of
 * `asset` on those of `market` over the trailing `period` returns; 0 when the market's return variance
 * is (numerically) zero. Note TA-Lib's argument order: market first (inReal0), asset second (inReal1). A NaN price voids
 * the two returns it touches; the output is NaN while they are in the window and recovers after.
 */
export function beta(market: Float64Array, asset: Float64Array, period = 5): Float64Array {
  const n = requireSameLength(market, asset);
  requireInt('period', period, 1, 100000);
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(period, n));
  if (n <= period) return out;
  // The trailing returns leaving the window are the returns computed `period` bars earlier (the same
  // operation on the same prices), so they come from rings of the last returns instead of being
  // recomputed: two divisions fewer per bar. Power-of-two rings: slot = bar & mask.
  const mask = (1 << Math.ceil(Math.log2(period + 1))) - 1;
  if (betaFastInto(market, asset, period, mask, out)) return out;
  const ringX = new Float64Array(mask + 1);
  const ringY = new Float64Array(mask + 1);
  let sxx = 0;
  let sxy = 0;
  let sx = 0;
  let sy = 0;
  let lastX = market[0]!;
  let lastY = asset[0]!;
  let lastNaN = -1;
  for (let i = 1; i < n; i++) {
    let p = market[i]!;
    const x = pctChange(p, lastX);
    lastX = p;
    p = asset[i]!;
    const y = pctChange(p, lastY);
    lastY = p;
    ringX[i & mask] = x;
    ringY[i & mask] = y;
    if (Number.isNaN(x) || Number.isNaN(y)) lastNaN = i;
    else {
      sxx += x * x;
      sxy += x * y;
      sx += x;
      sy += y;
    }
    if (i >= period) {
      const trailing = i - period + 1;
      const tx = ringX[trailing & mask]!;
      const ty = ringY[trailing & mask]!;
      const d = period * sxx - sx * sx;
      out[i] =
        lastNaN > i - period ? Number.NaN : d > -EPSILON && d < EPSILON ? 0 : (period * sxy - sx * sy) / d;
      if (!Number.isNaN(tx) && !Number.isNaN(ty)) {
        sxx -= tx * tx;
        sxy -= tx * ty;
        sx -= tx;
        sy -= ty;
      }
    }
  }
  return out;
}

/**
 * `beta` without the NaN bookkeeping: on series whose returns are all numbers it performs exactly the
 * operations of the guarded loop in `beta` (same results). A NaN return leaves the sums NaN for good,
 * so NaN sums at the end mean `out` must be recomputed by the guarded loop: returns false.
 */
function betaFastInto(
  market: Float64Array,
  asset: Float64Array,
  period: number,
  mask: number,
  out: Float64Array,
): boolean {
  const n = out.length;
  const ringX = new Float64Array(mask + 1);
  const ringY = new Float64Array(mask + 1);
  let sxx = 0;
  let sxy = 0;
  let sx = 0;
  let sy = 0;
  let lastX = market[0]!;
  let lastY = asset[0]!;
  for (let i = 1; i < n; i++) {
    let p = market[i]!;
    const x = pctChange(p, lastX);
    lastX = p;
    p = asset[i]!;
    const y = pctChange(p, lastY);
    lastY = p;
    ringX[i & mask] = x;
    ringY[i & mask] = y;
    sxx += x * x;
    sxy += x * y;
    sx += x;
    sy += y;
    if (i >= period) {
      const trailing = i - period + 1;
      const tx = ringX[trailing & mask]!;
      const ty = ringY[trailing & mask]!;
      const d = period * sxx - sx * sx;
      out[i] = d > -EPSILON && d < EPSILON ? 0 : (period * sxy - sx * sy) / d;
      sxx -= tx * tx;
      sxy -= tx * ty;
      sx -= tx;
      sy -= ty;
    }
  }
  return !Number.isNaN(sxx) && !Number.isNaN(sxy) && !Number.isNaN(sx) && !Number.isNaN(sy);
}
