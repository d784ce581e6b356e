import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the cycle group. */
export const CYCLE_INDICATORS: readonly IndicatorMeta[] = [];
