import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the math group. */
export const MATH_INDICATORS: readonly IndicatorMeta[] = [];
