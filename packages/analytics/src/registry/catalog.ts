import { CYCLE_INDICATORS } from '../indicators/cycle/registry.js';
import { MATH_INDICATORS } from '../indicators/math/registry.js';
import { MOMENTUM_INDICATORS } from '../indicators/momentum/registry.js';
import { OVERLAP_INDICATORS } from '../indicators/overlap/registry.js';
import { PRICE_TRANSFORM_INDICATORS } from '../indicators/price_transform/registry.js';
import { STATISTICS_INDICATORS } from '../indicators/statistics/registry.js';
import { TREND_INDICATORS } from '../indicators/trend/registry.js';
import { VOLATILITY_INDICATORS } from '../indicators/volatility/registry.js';
import { VOLUME_INDICATORS } from '../indicators/volume/registry.js';
import { CANDLESTICK_PATTERNS } from '../patterns/candlestick/registry.js';
import type { IndicatorMeta } from './types.js';

/** Every indicator and candlestick pattern, in catalogue order. */
export const CATALOG: readonly IndicatorMeta[] = [
  ...OVERLAP_INDICATORS,
  ...MOMENTUM_INDICATORS,
  ...VOLATILITY_INDICATORS,
  ...VOLUME_INDICATORS,
  ...TREND_INDICATORS,
  ...STATISTICS_INDICATORS,
  ...PRICE_TRANSFORM_INDICATORS,
  ...MATH_INDICATORS,
  ...CYCLE_INDICATORS,
  ...CANDLESTICK_PATTERNS,
];
