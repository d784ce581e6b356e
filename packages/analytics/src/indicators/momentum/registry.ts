import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the momentum group. */
export const MOMENTUM_INDICATORS: readonly IndicatorMeta[] = [];
