import { fillNaN, firstFinite } from '../../core/index.js';

/** How `x[t]` is compared with `x[t − period]` (TA-Lib ROC / ROCP / ROCR / ROCR100 / MOM). */
export type ChangeKind = 'roc' | 'rocp' | 'rocr' | 'rocr100' | 'mom';

/**
 * Change over `period` bars. Ratio forms return 0 when the earlier value is 0, as TA-Lib does.
 * Leading NaNs are skipped; lookback is `period`.
 */
export function priceChange(values: Float64Array, period: number, kind: ChangeKind): Float64Array {
  const n = values.length;
  const out = new Float64Array(n); // NaN only for the warm-up, below
  const first = firstFinite(values) + period;
  fillNaN(out, 0, Math.min(first, n));
  // Each kind's loop is unrolled ×8 (the same operation on each element): V8 re-checks the typed
  // arrays on every iteration, so fewer iterations cost measurably less.
  let i = first;
  switch (kind) {
    case 'mom':
      for (; i + 7 < n; i += 8) {
        out[i] = values[i]! - values[i - period]!;
        out[i + 1] = values[i + 1]! - values[i + 1 - period]!;
        out[i + 2] = values[i + 2]! - values[i + 2 - period]!;
        out[i + 3] = values[i + 3]! - values[i + 3 - period]!;
        out[i + 4] = values[i + 4]! - values[i + 4 - period]!;
        out[i + 5] = values[i + 5]! - values[i + 5 - period]!;
        out[i + 6] = values[i + 6]! - values[i + 6 - period]!;
        out[i + 7] = values[i + 7]! - values[i + 7 - period]!;
      }
      for (; i < n; i++) out[i] = values[i]! - values[i - period]!;
      break;
    case 'roc':
      for (; i + 7 < n; i += 8) {
        out[i] = rocOf(values[i]!, values[i - period]!);
        out[i + 1] = rocOf(values[i + 1]!, values[i + 1 - period]!);
        out[i + 2] = rocOf(values[i + 2]!, values[i + 2 - period]!);
        out[i + 3] = rocOf(values[i + 3]!, values[i + 3 - period]!);
        out[i + 4] = rocOf(values[i + 4]!, values[i + 4 - period]!);
        out[i + 5] = rocOf(values[i + 5]!, values[i + 5 - period]!);
        out[i + 6] = rocOf(values[i + 6]!, values[i + 6 - period]!);
        out[i + 7] = rocOf(values[i + 7]!, values[i + 7 - period]!);
      }
      for (; i < n; i++) out[i] = rocOf(values[i]!, values[i - period]!);
      break;
    case 'rocp':
      for (; i + 7 < n; i += 8) {
        out[i] = rocpOf(values[i]!, values[i - period]!);
        out[i + 1] = rocpOf(values[i + 1]!, values[i + 1 - period]!);
        out[i + 2] = rocpOf(values[i + 2]!, values[i + 2 - period]!);
        out[i + 3] = rocpOf(values[i + 3]!, values[i + 3 - period]!);
        out[i + 4] = rocpOf(values[i + 4]!, values[i + 4 - period]!);
        out[i + 5] = rocpOf(values[i + 5]!, values[i + 5 - period]!);
        out[i + 6] = rocpOf(values[i + 6]!, values[i + 6 - period]!);
        out[i + 7] = rocpOf(values[i + 7]!, values[i + 7 - period]!);
      }
      for (; i < n; i++) out[i] = rocpOf(values[i]!, values[i - period]!);
      break;
    case 'rocr':
      for (; i + 7 < n; i += 8) {
        out[i] = rocrOf(values[i]!, values[i - period]!);
        out[i + 1] = rocrOf(values[i + 1]!, values[i + 1 - period]!);
        out[i + 2] = rocrOf(values[i + 2]!, values[i + 2 - period]!);
        out[i + 3] = rocrOf(values[i + 3]!, values[i + 3 - period]!);
        out[i + 4] = rocrOf(values[i + 4]!, values[i + 4 - period]!);
        out[i + 5] = rocrOf(values[i + 5]!, values[i + 5 - period]!);
        out[i + 6] = rocrOf(values[i + 6]!, values[i + 6 - period]!);
        out[i + 7] = rocrOf(values[i + 7]!, values[i + 7 - period]!);
      }
      for (; i < n; i++) out[i] = rocrOf(values[i]!, values[i - period]!);
      break;
    case 'rocr100':
      for (; i + 7 < n; i += 8) {
        out[i] = rocr100Of(values[i]!, values[i - period]!);
        out[i + 1] = rocr100Of(values[i + 1]!, values[i + 1 - period]!);
        out[i + 2] = rocr100Of(values[i + 2]!, values[i + 2 - period]!);
        out[i + 3] = rocr100Of(values[i + 3]!, values[i + 3 - period]!);
        out[i + 4] = rocr100Of(values[i + 4]!, values[i + 4 - period]!);
        out[i + 5] = rocr100Of(values[i + 5]!, values[i + 5 - period]!);
        out[i + 6] = rocr100Of(values[i + 6]!, values[i + 6 - period]!);
        out[i + 7] = rocr100Of(values[i + 7]!, values[i + 7 - period]!);
      }
      for (; i < n; i++) out[i] = rocr100Of(values[i]!, values[i - period]!);
      break;
  }
  return out;
}

/** Leading NaN bars of every `priceChange` kind. */
export function changeLookback(period: number): number {
  return period;
}

// One bar of each ratio kind: x now, p `period` bars back (0 where p is 0, as TA-Lib).
function rocOf(x: number, p: number): number {
  return p !== 0 ? (x / p - 1) * 100 : 0;
}
function rocpOf(x: number, p: number): number {
  return p !== 0 ? (x - p) / p : 0;
}
function rocrOf(x: number, p: number): number {
  return p !== 0 ? x / p : 0;
}
function rocr100Of(x: number, p: number): number {
  return p !== 0 ? (x / p) * 100 : 0;
}
