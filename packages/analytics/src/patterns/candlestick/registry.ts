import type { IndicatorMeta } from '../../registry/types.js';

/** Registry entries for TA-Lib's 61 candlestick patterns (filled by the candlestick work). */
export const CANDLESTICK_PATTERNS: readonly IndicatorMeta[] = [];
