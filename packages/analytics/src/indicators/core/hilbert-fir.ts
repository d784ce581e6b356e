/** Coefficients of the Hilbert-transform FIR filters (TA-Lib's `a` and `b`). */
const A = 0.0962;
const B = 0.5769;

/**
 * Doubles of state per FIR filter and parity: the last three a·input (newest first), b · the
 * previous input, the previous input.
 */
export const FIR_STATE = 5;

/**
 * One step of a Hilbert FIR filter for one parity (macro DO_HILBERT_TRANSFORM in ta_utility.h, same
 * operations in the same order) on the state at `fir[k…k+4]`. TA-Lib's 3-slot circular buffer, read
 * and overwritten at the same slot, is a delay of three same-parity bars: here a shift register. Shared
 * by the HT_* cycle functions and MAMA.
 */
export function firStep(fir: Float64Array, k: number, input: number, adj: number): number {
  const t = A * input;
  let v = -fir[k + 2]!;
  fir[k + 2] = fir[k + 1]!;
  fir[k + 1] = fir[k]!;
  fir[k] = t;
  v += t;
  v -= fir[k + 3]!;
  fir[k + 3] = B * fir[k + 4]!;
  v += fir[k + 3]!;
  fir[k + 4] = input;
  return v * adj;
}
