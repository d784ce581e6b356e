export { type BootstrapInterval, blockBootstrapMean } from './block-bootstrap.js';
export {
  brierScore,
  CALIBRATION_FEATURES,
  type CalibrationModel,
  type CalibrationSample,
  type ConvictionLabel,
  calibrationFeatures,
  calibrationTable,
  convictionLabel,
  fitCalibration,
  PRIOR_MODEL,
  predictConviction,
} from './calibration.js';
export { cardCostR, entryPrice, tradeCostR } from './costs.js';
export {
  CROSS_SECTION_FACTORS,
  type CrossSectionFactor,
  type CrossSectionRule,
  factorSeries,
  percentileRanks,
} from './cross-section/index.js';
export {
  type CustomSetup,
  compileSetup,
  type SetupCompileResult,
  type SetupDefinitionError,
} from './custom-setup/compile-setup.js';
export { type LevelRule, SETUP_BOUNDS, type SetupDefinition } from './custom-setup/setup-definition.js';
export {
  DRIFT_LOOKBACK,
  DRIFT_MIN_RETURNS,
  driftAdjustedNullRNet,
  driftAdjustedRNet,
  driftR,
  exposureBars,
  priorDrift,
} from './drift.js';
export type { CardEvidence, EvidenceContext } from './evidence.js';
export {
  type ExpectedRModel,
  type ExpectedRSample,
  expectedRSamples,
  fitExpectedR,
  fitExpectedRSamples,
  predictExpectedR,
} from './expected-r.js';
export { type FactorSnapshot, factorSnapshot } from './factor-snapshot.js';
export {
  calibrationSamples,
  type HistoryOptions,
  type ResolvedCandidate,
  resolvedHistory,
} from './history.js';
export { levelsOrdered, riskReward } from './levels.js';
export { type BootstrapTest, blockBootstrapTest, holmAdjust } from './multiple-testing.js';
export {
  matchedLevels,
  meanTrueRange,
  NULL_DRAWS,
  type NullDraw,
  type NullSummary,
  type NullTicker,
  nullOutcomes,
  summariseNull,
} from './null-model.js';
export {
  bracketEntryLimit,
  type CardOutcome,
  type ExitReason,
  evaluateOutcome,
  type OutcomeBars,
  type OutcomeStatus,
  tickRound,
} from './outcome.js';
export {
  type ClassCalibrationRow,
  classCalibration,
  classCounts,
  fitOutcomeProbabilities,
  multiclassBrier,
  OUTCOME_CLASSES,
  OUTCOME_FEATURES,
  type OutcomeClass,
  type OutcomeFitOptions,
  type OutcomeModel,
  type OutcomeProbabilities,
  type OutcomeSample,
  outcomeClass,
  outcomeFeatures,
  outcomeModelParameters,
  outcomeSamples,
  outcomeSentence,
  predictOutcomeProbabilities,
  roundProbabilities,
  shrunkBaseRates,
} from './outcome-probabilities.js';
export {
  CARD_RECALIBRATION,
  fitOutcomeRecalibration,
  fitRecalibrationBefore,
  identityRecalibration,
  type JudgedForecast,
  type OutcomeRecalibration,
  type RecalibrationFitOptions,
  type RecalibrationKind,
  recalibrate,
} from './outcome-recalibration.js';
export {
  atExposure,
  type Book,
  type BookStats,
  type BookTrade,
  type BookWindow,
  bookStats,
  CARDS_BOOK_DEFAULTS,
  type CardsBookOptions,
  cardsBook,
  equalWeightBook,
  MOMENTUM_DEFAULTS,
  type MomentumOptions,
  momentumBook,
  type PanelSeries,
  type PricePanel,
  pricePanel,
  type ReferenceBooks,
  type ReferenceBooksOptions,
  referenceBooks,
  windowOf,
} from './reference-books/index.js';
export { sameTickerNullOutcomes } from './same-ticker-null.js';
export { type BuiltInCandidate, prepareScan, type ScanInput, type SignalCandidate, scanAt } from './scan.js';
export {
  type SelectedCard,
  type Selection,
  type SelectionRules,
  selectCards,
  type TickerCandidate,
} from './select.js';
export { SETUPS, type Setup } from './setups/index.js';
export { writeThesis } from './thesis.js';
export {
  REGIME_SLOPE_BARS,
  type RegimeInputs,
  regimeAt,
  regimeWithArticle,
  type TrendRegime,
  type TrendStrength,
  trendRegime,
  trendStrength,
} from './trend-regime.js';
export type { CardLevels, Direction, LongPlan, SetupId, SignalBars } from './types.js';
