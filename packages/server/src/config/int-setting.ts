/** An integer setting within [min, max]; out of range or not a whole number → an error naming the range. */
export function intSetting(errors: string[], name: string, raw: string, min: number, max: number): number {
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (n >= min && n <= max) return n;
  errors.push(`${name} must be an integer from ${min} to ${max}`);
  return min;
}
