import { nanArray, rollingSumInto, trueRangeInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `vortex`: period (movements start at bar 1). */
export function vortexLookback(period: number): number {
  return period;
}

/**
 * Vortex indicator (Botes & Siepman; Stock.Indicators `ToVortex`): VI+ = Σ|H_t − L_{t−1}| / ΣTR and
 * VI− = Σ|L_t − H_{t−1}| / ΣTR over the last `period` bars.
 */
export function vortex(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 14,
): { plus: Float64Array; minus: Float64Array } {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  const vmPlus = nanArray(n);
  const vmMinus = nanArray(n);
  const tr = nanArray(n);
  for (let i = 1; i < n; i++) {
    vmPlus[i] = Math.abs(high[i] - low[i - 1]);
    vmMinus[i] = Math.abs(low[i] - high[i - 1]);
  }
  trueRangeInto(high, low, close, tr);
  const sp = nanArray(n);
  const sm = nanArray(n);
  const st = nanArray(n);
  rollingSumInto(vmPlus, period, sp, 1);
  rollingSumInto(vmMinus, period, sm, 1);
  rollingSumInto(tr, period, st, 1);
  for (let i = period; i < n; i++) {
    sp[i] = sp[i] / st[i];
    sm[i] = sm[i] / st[i];
  }
  return { plus: sp, minus: sm };
}
