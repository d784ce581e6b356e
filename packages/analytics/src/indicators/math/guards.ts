/**
 * Argument checks shared by the B-group indicators (math, statistics, volatility, volume, trend,
 * price transforms, cycle). Batch functions validate once, before their loop, and throw RangeError.
 */

/** Throws unless `value` is an integer in [min, max]. */
export function requireInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
}

/** Throws unless `value` is a finite number in [min, max]. */
export function requireReal(name: string, value: number, min: number, max: number): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a number in [${min}, ${max}], got ${value}`);
  }
}

/** Throws unless every series has the length of the first; returns that length. */
export function requireSameLength(...series: readonly Float64Array[]): number {
  const n = series[0]?.length ?? 0;
  for (const s of series) {
    if (s.length !== n) throw new RangeError(`input series lengths differ (${n} vs ${s.length})`);
  }
  return n;
}
