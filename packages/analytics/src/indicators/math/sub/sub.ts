import { requireSameLength } from '../guards.js';

/** Vector arithmetic subtraction (TA-Lib `SUB`): out[i] = a[i] - b[i]. Lookback 0. */
export function sub(a: Float64Array, b: Float64Array): Float64Array {
  const n = requireSameLength(a, b);
  const out = new Float64Array(n);
  // Unrolled ×8 (the same operation on each element): V8 re-checks every typed array on each
  // iteration, so fewer iterations cost measurably less.
  let i = 0;
  for (; i + 7 < n; i += 8) {
    out[i] = a[i]! - b[i]!;
    out[i + 1] = a[i + 1]! - b[i + 1]!;
    out[i + 2] = a[i + 2]! - b[i + 2]!;
    out[i + 3] = a[i + 3]! - b[i + 3]!;
    out[i + 4] = a[i + 4]! - b[i + 4]!;
    out[i + 5] = a[i + 5]! - b[i + 5]!;
    out[i + 6] = a[i + 6]! - b[i + 6]!;
    out[i + 7] = a[i + 7]! - b[i + 7]!;
  }
  for (; i < n; i++) out[i] = a[i]! - b[i]!;
  return out;
}
