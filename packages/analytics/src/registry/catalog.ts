import { CYCLE_INDICATORS } from '../indicators/cycle/registry.js';
import { MATH_INDICATORS } from '../indicators/math/registry.js';
import { MOMENTUM_INDICATORS } from '../indicators/momentum/registry.js';
import { OVERLAP_INDICATORS } from '../indicators/overlap/registry.js';
import { PRICE_TRANSFORM_INDICATORS } from '../indicators/price_transform/registry.js';
import { STATISTICS_INDICATORS } from '../indicators/statistics/registry.js';
import { TREND_INDICATORS } from '../indicators/trend/registry.js';
import { VOLATILITY_INDICATORS } from '../indicators/volatility/registry.js';
import { VOLUME_INDICATORS } from '../indicators/volume/registry.js';
import { MICROSTRUCTURE_FAMILY } from '../microstructure/family.js';
import { CANDLESTICK_FAMILY } from '../patterns/candlestick/family.js';
import { CANDLESTICK_PATTERNS } from '../patterns/candlestick/registry.js';
import { CHART_PATTERN_FAMILY } from '../patterns/chart/family.js';
import { SUPPORT_RESISTANCE_FAMILY } from '../patterns/levels/family.js';
import { PORTFOLIO_FAMILY } from '../portfolio/family.js';
import { RISK_FAMILY } from '../risk/family.js';
import { SENTIMENT_FAMILY } from '../sentiment/family.js';
import type { FamilyMeta, IndicatorMeta } from './types.js';

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

/** The indicators as a family; each takes its own parameters, declared on its `CATALOG` entry. */
export const INDICATOR_FAMILY: FamilyMeta = {
  code: 'indicators',
  name: 'Technical indicators',
  description: 'TA-Lib-compatible indicators over daily bars; parameters are declared per indicator.',
  members: CATALOG.filter((m) => m.group !== 'candlestick').map((m) => ({
    code: m.code,
    name: m.name,
    description: m.variant,
  })),
  params: [],
};

/**
 * Every computable family, registered the same way: members a request may name and parameters in the
 * indicators' `ParamSpec` shape. Families are defined next to their code; this is the one list of them.
 */
export const FAMILIES: readonly FamilyMeta[] = [
  INDICATOR_FAMILY,
  CANDLESTICK_FAMILY,
  CHART_PATTERN_FAMILY,
  SUPPORT_RESISTANCE_FAMILY,
  RISK_FAMILY,
  MICROSTRUCTURE_FAMILY,
  PORTFOLIO_FAMILY,
  SENTIMENT_FAMILY,
];
