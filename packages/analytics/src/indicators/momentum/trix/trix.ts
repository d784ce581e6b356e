import { emaChainInto, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `trix`: 3·(period − 1) + 1. */
export function trixLookback(period: number): number {
  return 3 * (period - 1) + 1;
}

/**
 * TRIX (Hutson), TA-Lib `TA_TRIX`: 1-bar rate of change ×100 of a triple SMA-seeded EMA
 * (0 when the previous value is 0). Leading NaNs are skipped.
 */
export function trix(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length);
  const f3 = emaChainInto(values, period, [0, 0, 1], out, firstFinite(values));
  // 1-bar ROC in place, walking backwards so each bar still sees its predecessor's EMA³.
  for (let i = out.length - 1; i > f3; i--) {
    const p = out[i - 1]!;
    out[i] = p !== 0 ? (out[i]! / p - 1) * 100 : 0;
  }
  if (f3 < out.length) out[f3] = Number.NaN;
  return out;
}
