import { fillNaN, firstFinite, nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';

/** Leading NaN bars of APO/PPO: the lookback of the slower MA. */
export function priceOscillatorLookback(fastPeriod: number, slowPeriod: number, type: MaType): number {
  return maLookback(Math.max(fastPeriod, slowPeriod), type);
}

/**
 * TA-Lib `INT_PO`: fast MA − slow MA (APO) or 100·(fast − slow)/slow (PPO, 0 when slow is 0). Both MAs
 * are seeded on the first bars (unlike MACD, TA-Lib does not align the fast EMA's seed here).
 * Periods are swapped when slow < fast. Leading NaNs are skipped.
 */
export function priceOscillator(
  values: Float64Array,
  fastPeriod: number,
  slowPeriod: number,
  type: MaType,
  percent: boolean,
): Float64Array {
  const n = values.length;
  const fast = Math.min(fastPeriod, slowPeriod);
  const slowP = Math.max(fastPeriod, slowPeriod);
  const start = firstFinite(values);
  const out = nanArray(n);
  const slow = new Float64Array(n);
  const first = movingAverageInto(values, slowP, type, slow, start);
  movingAverageInto(values, fast, type, out, start);
  fillNaN(out, 0, first);
  if (percent) {
    for (let i = first; i < n; i++) {
      const s = slow[i]!;
      out[i] = Math.abs(s) < 1e-14 ? 0 : ((out[i]! - s) / s) * 100;
    }
  } else {
    for (let i = first; i < n; i++) out[i] = out[i]! - slow[i]!;
  }
  return out;
}
