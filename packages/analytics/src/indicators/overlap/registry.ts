import type { IndicatorMeta } from '../../registry/types.js';
import { SMA_META } from './sma/sma.meta.js';

/** Registry entries of the overlap group. */
export const OVERLAP_INDICATORS: readonly IndicatorMeta[] = [SMA_META];
