import type { IndicatorBenchCase } from './indicator-case.js';

/** Benchmark cases of the overlap and momentum indicators (bench/indicators.ts runs them first). */
export const INDICATOR_CASES_A: readonly IndicatorBenchCase[] = [];
