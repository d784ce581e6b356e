import { LEXICON_VERSION } from './lexicon.js';
import weights from './model/weights.gen.json' with { type: 'json' };
import type { SentimentWeights } from './model/weights-format.js';
import { createSentimentModel, type ScoreOptions, type SentimentResult } from './model.js';

/** The committed model (weights.gen.json, reproduced by scripts/train-sentiment.ts), built once at import. */
export const defaultSentimentModel = createSentimentModel(weights as unknown as SentimentWeights);

/** Scores one text with the committed finance sentiment model. */
export function scoreSentiment(text: string, options?: ScoreOptions): SentimentResult {
  return defaultSentimentModel.score(text, options);
}

/** What a response discloses about the committed model: its method, a version that changes with its weights, and how it was trained. */
export const DEFAULT_SENTIMENT_MODEL_INFO = {
  method:
    'finance lexicon and financial-quantity change rules (a quantity such as sales, costs or losses moving up or down, in words or compared figures; profit/loss swings; stopped buybacks, dividends and guidance; results against expectations) with negation/contrast/expectation scope rules, plus a logistic-regression layer over word and character n-grams with proper nouns masked (L-BFGS); sentences of company news decided with a news-fitted neutral band',
  version: `bw-sentiment-${weights.format}.${String(weights.training.dataSha256).slice(0, 8)}.${weights.features.length}.l${LEXICON_VERSION}`,
  labels: weights.labels,
  score: 'P(bullish) − P(bearish), in [−1, 1]',
  training: weights.training,
} as const;
