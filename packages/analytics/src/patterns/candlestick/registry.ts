import type { IndicatorMeta } from '../../registry/types.js';
import { CANDLESTICK_DEFINITIONS } from './candlestick-definitions.js';
import { candlestickMeta } from './candlestick-meta.js';

/** Registry entries for TA-Lib's 61 candlestick patterns. */
export const CANDLESTICK_PATTERNS: readonly IndicatorMeta[] = CANDLESTICK_DEFINITIONS.map(candlestickMeta);
