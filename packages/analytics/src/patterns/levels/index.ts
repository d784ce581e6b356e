export { clusterSwings } from './cluster-swings.js';
export { SUPPORT_RESISTANCE_FAMILY } from './family.js';
export {
  resolveSupportResistanceOptions,
  SUPPORT_RESISTANCE_DEFAULTS,
  SUPPORT_RESISTANCE_PARAMS,
  type SupportResistanceOptions,
  type SupportResistanceParams,
} from './options.js';
export { detectSupportResistance, type LevelBars, supportResistanceAt } from './support-resistance.js';
export type { LevelKind, PriceLevel, SupportResistanceResult } from './types.js';
