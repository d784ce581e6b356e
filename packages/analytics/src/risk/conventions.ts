/**
 * Shared conventions of the risk metrics. Every metric takes simple (not log) periodic returns as
 * decimals (0.01 = +1 %), in time order. NaN anywhere in an input makes the result NaN: the caller
 * decides how to treat gaps.
 */

/** Trading days per year: the default annualisation factor (empyrical, QuantStats). */
export const DEFAULT_PERIODS_PER_YEAR = 252;

/**
 * Risk-free rate per period (same frequency as the returns): a constant, or a series aligned with
 * the returns. It enters every excess-return metric as `r_t − rf_t`.
 */
export type RiskFree = number | Float64Array;

export interface AnnualisationOptions {
  /** Periods per year used to annualise (default 252). */
  readonly periodsPerYear?: number;
}

export interface RiskFreeOptions {
  /** Per-period risk-free rate, constant or aligned series (default 0). */
  readonly riskFree?: RiskFree;
}

export function periodsPerYearOf(options: AnnualisationOptions | undefined): number {
  return options?.periodsPerYear ?? DEFAULT_PERIODS_PER_YEAR;
}

/** Risk-free value at index `t`. */
function riskFreeAt(riskFree: RiskFree | undefined, t: number): number {
  if (riskFree === undefined) return 0;
  return typeof riskFree === 'number' ? riskFree : (riskFree[t] ?? Number.NaN);
}

/** `r_t − rf_t` as a new array (the input is not mutated). A series rf must be aligned (same length). */
export function excessReturns(returns: Float64Array, riskFree: RiskFree | undefined): Float64Array {
  if (riskFree !== undefined && typeof riskFree !== 'number') assertSameLength(returns, riskFree, 'riskFree');
  const out = new Float64Array(returns.length);
  for (let t = 0; t < returns.length; t++) out[t] = returns[t]! - riskFreeAt(riskFree, t);
  return out;
}

export function assertSameLength(a: Float64Array, b: Float64Array, what: string): void {
  if (a.length !== b.length) {
    throw new RangeError(`${what}: lengths differ (${a.length} vs ${b.length})`);
  }
}
