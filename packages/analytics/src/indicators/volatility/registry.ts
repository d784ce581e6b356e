import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the volatility group. */
export const VOLATILITY_INDICATORS: readonly IndicatorMeta[] = [];
