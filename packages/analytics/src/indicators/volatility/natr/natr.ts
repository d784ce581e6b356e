import { atr } from '../atr/atr.js';

/** Lookback of `natr`: period. */
export function natrLookback(period: number): number {
  return period;
}

const EPSILON = 1e-14;

/** Normalized ATR (TA-Lib `NATR`): 100 × ATR / close; 0 where the close is (numerically) zero. */
export function natr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const out = atr(high, low, close, period);
  for (let i = period; i < out.length; i++) {
    const c = close[i];
    out[i] = c > -EPSILON && c < EPSILON ? 0 : (out[i] / c) * 100;
  }
  return out;
}
