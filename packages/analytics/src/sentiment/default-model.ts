import weights from './model/weights.gen.json' with { type: 'json' };
import type { SentimentWeights } from './model/weights-format.js';
import { createSentimentModel, type ScoreOptions, type SentimentResult } from './model.js';

/** The committed model (weights.gen.json, reproduced by scripts/train-sentiment.ts), built once at import. */
export const defaultSentimentModel = createSentimentModel(weights as unknown as SentimentWeights);

/** Scores one text with the committed finance sentiment model. */
export function scoreSentiment(text: string, options?: ScoreOptions): SentimentResult {
  return defaultSentimentModel.score(text, options);
}
