import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the price_transform group. */
export const PRICE_TRANSFORM_INDICATORS: readonly IndicatorMeta[] = [];
