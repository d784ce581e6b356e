import { fillNaN } from '../../core/index.js';
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
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(period - 1, n));
  if (n < period) return out;
  if (correlFastInto(a, b, period, out)) return out;
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

/**
 * `correl` without the NaN bookkeeping: on NaN-free pairs it performs exactly the operations of the
 * guarded loop in `correl` (same results). A NaN input leaves the running sums NaN for good, so NaN
 * sums at the end mean `out` must be recomputed by the guarded loop: returns false.
 */
function correlFastInto(a: Float64Array, b: Float64Array, period: number, out: Float64Array): boolean {
  const n = out.length;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    if (i >= period) {
      const tx = a[i - period]!;
      const ty = b[i - period]!;
      sx -= tx;
      sxx -= tx * tx;
      sxy -= tx * ty;
      sy -= ty;
      syy -= ty * ty;
    }
    const x = a[i]!;
    const y = b[i]!;
    sx += x;
    sxx += x * x;
    sxy += x * y;
    sy += y;
    syy += y * y;
    if (i >= period - 1) {
      const d = (sxx - (sx * sx) / period) * (syy - (sy * sy) / period);
      out[i] = d < EPSILON ? 0 : (sxy - (sx * sy) / period) / Math.sqrt(d);
    }
  }
  return !(
    Number.isNaN(sx) ||
    Number.isNaN(sy) ||
    Number.isNaN(sxx) ||
    Number.isNaN(syy) ||
    Number.isNaN(sxy)
  );
}
