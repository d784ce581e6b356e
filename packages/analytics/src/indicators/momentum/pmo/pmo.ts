import { emaInto, fillNaN, nanArray } from '../../core/index.js';

/** Leading NaN bars of `pmo` (both outputs start when the signal does). */
export function pmoLookback(timePeriod: number, smoothPeriod: number, signalPeriod: number): number {
  return timePeriod + smoothPeriod - 1 + signalPeriod - 1;
}

/**
 * Price momentum oscillator (DecisionPoint / Carl Swenlin): 1-bar ROC % smoothed by a custom EMA with
 * alpha 2/time, ×10, smoothed again with alpha 2/smooth, then an EMA(signal) signal line with alpha
 * 2/(signal+1). Each smoothing is seeded with the SMA of its first values (as Stock.Indicators ToPmo).
 */
export function pmo(
  close: Float64Array,
  timePeriod = 35,
  smoothPeriod = 20,
  signalPeriod = 10,
): { pmo: Float64Array; signal: Float64Array } {
  const n = close.length;
  const roc = nanArray(n);
  for (let i = 1; i < n; i++) {
    const p = close[i - 1]!;
    roc[i] = p !== 0 ? 100 * (close[i]! / p - 1) : 0;
  }
  const a = new Float64Array(n);
  const f1 = emaInto(roc, timePeriod, a, Math.min(1, n), 2 / timePeriod);
  for (let i = f1; i < n; i++) a[i] = a[i]! * 10;
  const out = nanArray(n);
  const f2 = emaInto(a, smoothPeriod, out, f1, 2 / smoothPeriod);
  const signal = nanArray(n);
  const first = emaInto(out, signalPeriod, signal, Math.min(f2, n));
  fillNaN(out, 0, first);
  return { pmo: out, signal };
}
