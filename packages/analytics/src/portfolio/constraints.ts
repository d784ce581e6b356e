/**
 * Weight constraints shared by the optimisers: fully invested (Σw = 1) always; per-asset bounds
 * lower_i ≤ w_i ≤ upper_i, long-only [0, 1] by default. A scalar applies to every asset. Bounds must
 * be finite; negative lower bounds allow short positions.
 */
export interface WeightBounds {
  readonly lower?: number | ArrayLike<number>;
  readonly upper?: number | ArrayLike<number>;
}

export interface ResolvedBounds {
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

/** Expands bounds to per-asset arrays and checks they admit a fully invested portfolio. */
export function resolveBounds(n: number, bounds: WeightBounds | undefined): ResolvedBounds {
  const expand = (b: number | ArrayLike<number> | undefined, dflt: number) => {
    if (b === undefined || typeof b === 'number') return new Float64Array(n).fill(b ?? dflt);
    if (b.length !== n) throw new RangeError(`bounds: expected ${n} values, got ${b.length}`);
    return Float64Array.from(b);
  };
  const lower = expand(bounds?.lower, 0);
  const upper = expand(bounds?.upper, 1);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(lower[i]!) || !Number.isFinite(upper[i]!)) {
      throw new RangeError(`bounds: asset ${i} needs finite bounds (use e.g. −1 … 2 for shorting/leverage)`);
    }
    if (!(lower[i]! <= upper[i]!)) throw new RangeError(`bounds: lower > upper for asset ${i}`);
    lo += lower[i]!;
    hi += upper[i]!;
  }
  if (lo > 1 + 1e-12 || hi < 1 - 1e-12) {
    throw new RangeError(`bounds: no fully invested portfolio (Σlower = ${lo}, Σupper = ${hi})`);
  }
  return { lower, upper };
}

/** Bound rows for the QP: w_i ≥ lower_i and −w_i ≥ −upper_i. */
export function boundInequalities(
  b: ResolvedBounds,
  size: number = b.lower.length,
): { a: Float64Array; b: number }[] {
  const rows: { a: Float64Array; b: number }[] = [];
  for (let i = 0; i < b.lower.length; i++) {
    const lo = new Float64Array(size);
    lo[i] = 1;
    rows.push({ a: lo, b: b.lower[i]! });
    const hi = new Float64Array(size);
    hi[i] = -1;
    rows.push({ a: hi, b: -b.upper[i]! });
  }
  return rows;
}

/** The budget row Σ w_i = 1 over the first n of `size` variables. */
export function budgetEquality(n: number, size: number = n): { a: Float64Array; b: number } {
  const a = new Float64Array(size);
  a.fill(1, 0, n);
  return { a, b: 1 };
}
