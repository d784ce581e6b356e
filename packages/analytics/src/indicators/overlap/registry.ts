import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the overlap group. */
export const OVERLAP_INDICATORS: readonly IndicatorMeta[] = [];
