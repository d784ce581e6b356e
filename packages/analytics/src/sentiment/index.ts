// Finance sentiment: tokenizer, finance lexicon with scope rules, learned logistic-regression
// layer (weights committed as data), and per-ticker aggregation.
export {
  type AggregateOptions,
  aggregateSentiment,
  type ScoredItem,
  type TickerSentiment,
} from './aggregate.js';
export {
  bestSetting,
  type CandidateSetting,
  type CrossValidationResult,
  crossValidateSentiment,
} from './cross-validate.js';
export { DEFAULT_SENTIMENT_MODEL_INFO, defaultSentimentModel, scoreSentiment } from './default-model.js';
export { SENTIMENT_FAMILY } from './family.js';
export {
  DEFAULT_FEATURE_CONFIG,
  DENSE_FEATURES,
  extractFeatures,
  type FeatureConfig,
  type TextFeatures,
} from './features.js';
export { SENTIMENT_LABELS, type SentimentLabel } from './labels.js';
export {
  CONCESSIVE_WORDS,
  CONTRAST_WORDS,
  DIMINISHERS,
  EXPECTATION_WORDS,
  FINANCE_PHRASES,
  INTENSIFIERS,
  NEGATORS,
} from './lexicon.js';
export { type LexiconHit, type LexiconOptions, type LexiconScore, scoreLexicon } from './lexicon-score.js';
export type { SentimentWeights } from './model/weights-format.js';
export {
  createSentimentModel,
  DEFAULT_LEXICON_WEIGHT,
  type ScoreOptions,
  type SentimentDriver,
  type SentimentModel,
  type SentimentResult,
} from './model.js';
export {
  DEFAULT_NEWS_DECISION,
  isNewsSentence,
  NEWS_MIN_WORDS,
  type NewsDecision,
} from './news-decision.js';
export { PROPER_NOUN_TOKEN } from './proper-nouns.js';
export { PUNCTUATION, tokenize } from './tokenize.js';
export { type LabelledText, type TrainOptions, trainSentimentModel } from './train.js';
