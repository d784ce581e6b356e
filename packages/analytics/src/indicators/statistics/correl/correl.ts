import { nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `correl`: period - 1. */
export function correlLookback(period: number): number {
  return period - 1;
}

const EPSILON = 1e-14;

/**
 * Rolling Pearson correlation of two series (TA-Lib `CORREL`, port of ta_CORREL.c: running sums,
 * 0 where either variance is not positive). NaN while a NaN pair is in the window; the running
 * sums skip it, so values recover once it has left.
 */
export function correl(a: Float64Array, b: Float64Array, period = 30): Float64Array {
  const n = requireSameLength(a, b);
  requireInt('period', period, 1, 100000);
  const out = nanArray(n);
  if (n < period) return out;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let lastNaN = -1;
  for (let i = 0; i < n; i++) {
    if (i >= period) {
      const tx = a[i - period];
      const ty = b[i - period];
      if (!Number.isNaN(tx) && !Number.isNaN(ty)) {
        sx -= tx;
        sxx -= tx * tx;
        sxy -= tx * ty;
        sy -= ty;
        syy -= ty * ty;
      }
    }
    const x = a[i];
    const y = b[i];
    if (Number.isNaN(x) || Number.isNaN(y)) lastNaN = i;
    else {
      sx += x;
      sxx += x * x;
      sxy += x * y;
      sy += y;
      syy += y * y;
    }
    if (i >= period - 1) {
      const d = (sxx - (sx * sx) / period) * (syy - (sy * sy) / period);
      out[i] =
        lastNaN > i - period ? Number.NaN : d < EPSILON ? 0 : (sxy - (sx * sy) / period) / Math.sqrt(d);
    }
  }
  return out;
}
