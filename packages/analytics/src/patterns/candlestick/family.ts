import type { FamilyMeta } from '../../registry/types.js';
import { CANDLESTICK_PATTERNS } from './registry.js';

/** TA-Lib's candlestick patterns as one family; each pattern is also an indicator entry of `CATALOG`. */
export const CANDLESTICK_FAMILY: FamilyMeta = {
  code: 'candlestick_patterns',
  name: 'Candlestick patterns',
  description: 'TA-Lib candlestick rules: ±100, or ±200 for confirmations, with a confidence in [0, 1].',
  members: CANDLESTICK_PATTERNS.map((m) => ({ code: m.code, name: m.name, description: m.variant })),
  params: [
    {
      name: 'min_confidence',
      type: 'float',
      default: 0,
      min: 0,
      max: 1,
      description:
        'Drop candlestick signals whose confidence (how far each rule clears its threshold) is lower',
    },
  ],
};
