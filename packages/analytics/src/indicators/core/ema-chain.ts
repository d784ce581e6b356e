import { emaAlpha } from './ema.js';
import { fillNaN } from './nan.js';

/**
 * A chain of `coeffs.length` EMAs (EMA of EMA of …) computed in one pass, writing Σ coeffs[k]·EMA_k+1
 * once every level is defined. Each level is SMA-seeded on the first `period` outputs of the level
 * below, exactly as chaining `emaInto` calls (TA-Lib DEMA/TEMA/T3/TRIX), but without intermediate
 * arrays. Returns the first defined index: start + depth·(period − 1).
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
  const first = start + depth * (period - 1);
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const prev = new Float64Array(depth);
  const seen = new Int32Array(depth); // inputs received by each level (saturates at period)
  const c = Float64Array.from(coeffs);
  const seedAt = period - 1;
  for (let i = start; i < n; i++) {
    let v = src[i]!;
    let k = 0;
    for (; k < depth; k++) {
      const s = seen[k]!;
      if (s < seedAt) {
        prev[k] = prev[k]! + v;
        seen[k] = s + 1;
        break;
      }
      if (s === seedAt) {
        prev[k] = (prev[k]! + v) / period;
        seen[k] = period;
      } else prev[k] = (v - prev[k]!) * alpha + prev[k]!;
      v = prev[k]!;
    }
    if (k === depth) {
      let acc = 0;
      for (let j = 0; j < depth; j++) acc += c[j]! * prev[j]!;
      out[i] = acc;
    }
  }
  return first;
}
