import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries of the volume group. */
export const VOLUME_INDICATORS: readonly IndicatorMeta[] = [];
