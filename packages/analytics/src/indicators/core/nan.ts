/** A new Float64Array of length `n` filled with NaN (the warm-up value of every indicator output). */
export function nanArray(n: number): Float64Array {
  return new Float64Array(n).fill(Number.NaN);
}

/** Index of the first non-NaN value of `src` at or after `from`; `src.length` when there is none. */
export function firstFinite(src: Float64Array, from = 0): number {
  let i = from;
  while (i < src.length && Number.isNaN(src[i]!)) i++;
  return i;
}

/** Writes NaN into `out[from, to)` (clamped to the array). */
export function fillNaN(out: Float64Array, from: number, to: number): void {
  out.fill(Number.NaN, Math.max(0, from), Math.min(out.length, to));
}
