import type { IndicatorBenchCase } from './indicator-case.js';

/**
 * Benchmark cases of the second half of the indicators (volatility, volume, trend, statistics, price
 * transforms, math, cycles). Append cases here; bench/indicators.ts runs them after its own.
 */
export const INDICATOR_CASES_B: readonly IndicatorBenchCase[] = [];
