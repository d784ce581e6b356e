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
export type { CardEvidence, EvidenceContext } from './evidence.js';
export { type FactorSnapshot, factorSnapshot } from './factor-snapshot.js';
export {
  calibrationSamples,
  type HistoryOptions,
  type ResolvedCandidate,
  resolvedHistory,
} from './history.js';
export { levelsOrdered, riskReward } from './levels.js';
export { type CardOutcome, evaluateOutcome, type OutcomeBars, type OutcomeStatus } from './outcome.js';
export { prepareScan, type ScanInput, type SignalCandidate, scanAt } from './scan.js';
export { type SelectedCard, selectCards, type TickerCandidate } from './select.js';
export { SETUPS, type Setup } from './setups/index.js';
export { writeThesis } from './thesis.js';
export type { CardLevels, Direction, LongPlan, SetupId, SignalBars } from './types.js';
