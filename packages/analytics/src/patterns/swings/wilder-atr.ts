/**
 * Average True Range with Wilder smoothing, TA-Lib convention: true range needs the previous close, the
 * first value (index `period`) is the mean of TR[1..period], later values are
 * `(prev * (period - 1) + TR) / period`. Lookback is `period`; earlier outputs are NaN.
 *
 * Kept apart from the shared `atr` kernel on purpose: this is TA-Lib's operation order
 * (`prev·(p−1) + TR) / p`), the shared kernel the faster EMA form `(TR − prev)·α + prev` (ADR 0040). The
 * two differ in the last bit on ~70 % of bars (relative 1e-15), which moves the pattern engine's swing
 * thresholds and level tolerances; swapping would change published pattern results, so it is not done.
 */
export function wilderAtr(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const n = high.length;
  const out = new Float64Array(n).fill(Number.NaN);
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`ATR period must be an integer >= 1`);
  if (n <= period) return out;
  let sum = 0;
  for (let i = 1; i <= period; i++) sum += trueRange(high, low, close, i);
  let atr = sum / period;
  out[period] = atr;
  for (let i = period + 1; i < n; i++) {
    atr = (atr * (period - 1) + trueRange(high, low, close, i)) / period;
    out[i] = atr;
  }
  return out;
}

function trueRange(high: Float64Array, low: Float64Array, close: Float64Array, i: number): number {
  const h = high[i]!;
  const l = low[i]!;
  const pc = close[i - 1]!;
  return Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc));
}
