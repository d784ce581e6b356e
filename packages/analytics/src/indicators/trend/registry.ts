import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the trend group. */
export const TREND_INDICATORS: readonly IndicatorMeta[] = [];
