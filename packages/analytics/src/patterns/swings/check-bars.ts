/**
 * Validates the bar arrays read by the pattern engines: equal lengths and finite prices in bars
 * `0 .. end - 1` (default: all). A NaN would poison the Wilder ATR for every later bar, so it is reported
 * instead of silently ending detection. Throws RangeError.
 */
export function checkBars(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  end: number = close.length,
): void {
  const n = close.length;
  if (high.length !== n || low.length !== n) {
    throw new RangeError('high, low and close must have the same length');
  }
  for (let i = 0; i < end; i++) {
    if (!(Number.isFinite(high[i]!) && Number.isFinite(low[i]!) && Number.isFinite(close[i]!))) {
      throw new RangeError(`bar ${i} has a non-finite price`);
    }
  }
}
