import { emaAlpha } from './ema.js';
import { fillNaN } from './nan.js';

/**
 * A chain of up to six EMAs (EMA of EMA of …) computed in one pass, writing Σ coeffs[k]·EMA_k+1
 * once every level is defined. Each level is SMA-seeded on the first `period` outputs of the level
 * below, exactly as chaining `emaInto` calls (TA-Lib DEMA/TEMA/TRIX), but without intermediate
 * arrays. Returns the first defined index: start + depth·(period − 1). State lives in scalars (a
 * typed-array state with an inner loop ran ~10× slower in V8).
 */
export function emaChainInto(
  src: Float64Array,
  period: number,
  coeffs: readonly number[],
  out: Float64Array,
  start = 0,
  alpha = emaAlpha(period),
): number {
  const n = src.length;
  const depth = coeffs.length;
  if (depth < 1 || depth > 6) throw new RangeError('emaChainInto supports 1..6 levels');
  const first = start + depth * (period - 1);
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const [c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0] = coeffs;
  const q = period - 1;
  // Bar at which level k's seed completes (its first output).
  const t1 = start + q;
  const t2 = depth >= 2 ? t1 + q : n;
  const t3 = depth >= 3 ? t2 + q : n;
  const t4 = depth >= 4 ? t3 + q : n;
  const t5 = depth >= 5 ? t4 + q : n;
  const t6 = depth >= 6 ? t5 + q : n;
  let e1 = 0;
  let e2 = 0;
  let e3 = 0;
  let e4 = 0;
  let e5 = 0;
  let e6 = 0;
  // DEMA, TEMA (and TRIX) leave the general loop once every level is seeded: the steady-state loops
  // below run the same arithmetic without the per-level phase tests.
  const tLast = depth === 2 ? t2 : depth === 3 ? t3 : n - 1;
  const general = Math.min(n, tLast + 1);
  let i = start;
  for (; i < general; i++) {
    const x = src[i]!;
    if (i < t1) {
      e1 += x;
      continue;
    }
    e1 = i === t1 ? (e1 + x) / period : (x - e1) * alpha + e1;
    if (depth >= 2) {
      if (i < t2) {
        e2 += e1;
        continue;
      }
      e2 = i === t2 ? (e2 + e1) / period : (e1 - e2) * alpha + e2;
      if (depth >= 3) {
        if (i < t3) {
          e3 += e2;
          continue;
        }
        e3 = i === t3 ? (e3 + e2) / period : (e2 - e3) * alpha + e3;
        if (depth >= 4) {
          if (i < t4) {
            e4 += e3;
            continue;
          }
          e4 = i === t4 ? (e4 + e3) / period : (e3 - e4) * alpha + e4;
          if (depth >= 5) {
            if (i < t5) {
              e5 += e4;
              continue;
            }
            e5 = i === t5 ? (e5 + e4) / period : (e4 - e5) * alpha + e5;
            if (depth >= 6) {
              if (i < t6) {
                e6 += e5;
                continue;
              }
              e6 = i === t6 ? (e6 + e5) / period : (e5 - e6) * alpha + e6;
            }
          }
        }
      }
    }
    out[i] = c1 * e1 + c2 * e2 + c3 * e3 + c4 * e4 + c5 * e5 + c6 * e6;
  }
  // `+ 0` stands for the unused levels' terms (0 · 0): it turns a −0 sum into +0, as the general loop.
  if (depth === 2) {
    for (; i < n; i++) {
      e1 = (src[i]! - e1) * alpha + e1;
      e2 = (e1 - e2) * alpha + e2;
      out[i] = c1 * e1 + c2 * e2 + 0;
    }
  } else if (depth === 3) {
    for (; i < n; i++) {
      e1 = (src[i]! - e1) * alpha + e1;
      e2 = (e1 - e2) * alpha + e2;
      e3 = (e2 - e3) * alpha + e3;
      out[i] = c1 * e1 + c2 * e2 + c3 * e3 + 0;
    }
  }
  return first;
}
