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
  switch (kind) {
    case 'mom':
      for (let i = first; i < n; i++) out[i] = values[i]! - values[i - period]!;
      break;
    case 'roc':
      for (let i = first; i < n; i++) {
        const p = values[i - period]!;
        out[i] = p !== 0 ? (values[i]! / p - 1) * 100 : 0;
      }
      break;
    case 'rocp':
      for (let i = first; i < n; i++) {
        const p = values[i - period]!;
        out[i] = p !== 0 ? (values[i]! - p) / p : 0;
      }
      break;
    case 'rocr':
      for (let i = first; i < n; i++) {
        const p = values[i - period]!;
        out[i] = p !== 0 ? values[i]! / p : 0;
      }
      break;
    case 'rocr100':
      for (let i = first; i < n; i++) {
        const p = values[i - period]!;
        out[i] = p !== 0 ? (values[i]! / p) * 100 : 0;
      }
      break;
  }
  return out;
}

/** Leading NaN bars of every `priceChange` kind. */
export function changeLookback(period: number): number {
  return period;
}
