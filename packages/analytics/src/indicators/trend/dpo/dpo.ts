import { nanArray, smaInto } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `dpo`: max(period − 1, ⌊period/2⌋ + 1). */
export function dpoLookback(period: number): number {
  return Math.max(period - 1, Math.floor(period / 2) + 1);
}

/**
 * Detrended price oscillator, causal form: close[t − (⌊period/2⌋ + 1)] − SMA(close, period)[t]. This is
 * the centred DPO (close − a future SMA, as Stock.Indicators publishes it) re-indexed to the bar where it
 * becomes known, so nothing looks ahead: ours[t] = centred[t − ⌊period/2⌋ − 1].
 */
export function dpo(close: Float64Array, period = 14): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = close.length;
  const avg = nanArray(n);
  smaInto(close, period, avg);
  const shift = Math.floor(period / 2) + 1;
  const out = nanArray(n);
  for (let i = dpoLookback(period); i < n; i++) out[i] = close[i - shift] - avg[i];
  return out;
}
