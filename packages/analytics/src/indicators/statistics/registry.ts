import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the statistics group. */
export const STATISTICS_INDICATORS: readonly IndicatorMeta[] = [];
