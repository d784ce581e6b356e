export {
  CROSS_SECTION_FACTORS,
  type CrossSectionFactor,
  type CrossSectionRule,
  factorSeries,
  percentileRanks,
} from './factors.js';
