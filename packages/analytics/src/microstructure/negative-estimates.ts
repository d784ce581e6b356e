/**
 * What an estimator returns when its moment condition gives a negative squared spread (or a
 * positive autocovariance, for Roll):
 * - `zero`: report 0 (a spread cannot be negative; common in the empirical literature);
 * - `nan`: report NaN (no estimate);
 * - `keep`: report the signed root, −√|s²| (keeps the information that the sample contradicts the model);
 * - `abs`: report √|s²| (the default of the EDGE reference implementation).
 * Each estimator documents its default.
 */
export type NegativeHandling = 'zero' | 'nan' | 'keep' | 'abs';

/** Root of a squared spread estimate under the chosen negative-estimate policy. */
export function signedRoot(s2: number, handling: NegativeHandling): number {
  if (Number.isNaN(s2)) return Number.NaN;
  if (s2 >= 0) return Math.sqrt(s2);
  switch (handling) {
    case 'zero':
      return 0;
    case 'nan':
      return Number.NaN;
    case 'keep':
      return -Math.sqrt(-s2);
    case 'abs':
      return Math.sqrt(-s2);
  }
}

/** Applies the policy to an estimate that is already on the spread scale. */
export function clampEstimate(s: number, handling: NegativeHandling): number {
  if (Number.isNaN(s) || s >= 0) return s;
  switch (handling) {
    case 'zero':
      return 0;
    case 'nan':
      return Number.NaN;
    case 'keep':
      return s;
    case 'abs':
      return -s;
  }
}
