// Fundamentals (issue #44, ADR 0103): standard items of filed statements, known from their filing dates;
// quarters derived from year-to-date figures, trailing twelve months and ratios. Pure: the facts come in.
export {
  type Derivation,
  type FigureValue,
  type FiscalFigures,
  fiscalQuarters,
  fiscalYears,
} from './fiscal-figures.js';
export {
  type FiscalPeriod,
  FUNDAMENTAL_ITEMS,
  type FundamentalFact,
  type FundamentalItem,
  ITEM_KIND,
} from './fundamental-fact.js';
export {
  type FundamentalRatios,
  fundamentalRatios,
  type PriceRatios,
  priceRatios,
} from './fundamental-ratios.js';
export { knownFacts } from './known-facts.js';
export { trailingTwelveMonths } from './trailing-twelve-months.js';
