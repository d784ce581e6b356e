import {
  type DriverTables,
  explainDrivers,
  readableFeature,
  type SentimentDriver,
} from './explain-drivers.js';
import { DENSE_FEATURES } from './features.js';
import { createFeatureGatherer } from './gather-features.js';
import { SENTIMENT_LABELS, type SentimentLabel } from './labels.js';
import type { LexiconHit } from './lexicon-score.js';
import type { SentimentWeights } from './model/weights-format.js';
import { DEFAULT_NEWS_DECISION, type NewsDecision } from './news-decision.js';

export type { SentimentDriver } from './explain-drivers.js';

export interface SentimentResult {
  readonly label: SentimentLabel;
  /** P(bullish) − P(bearish), in [−1, 1]. */
  readonly score: number;
  /** Probability of the chosen label. */
  readonly confidence: number;
  readonly probabilities: Readonly<Record<SentimentLabel, number>>;
  /** Features and phrases that moved the score most, largest |contribution| first. */
  readonly drivers: readonly SentimentDriver[];
  /** Lexicon phrase hits after scope rules (negation, contrast, expectation). */
  readonly lexiconHits: readonly LexiconHit[];
}

export interface ScoreOptions {
  /** Number of drivers reported. Default 5. */
  readonly topDrivers?: number;
  /**
   * Direct vote of the rule-based lexicon: λ·lexiconScore is added to the bullish logit and
   * subtracted from the bearish one. Default {@link DEFAULT_LEXICON_WEIGHT}.
   */
  readonly lexiconWeight?: number;
  /**
   * Decision for sentences of company news (news-decision.ts): its lexicon weight (unless
   * `lexiconWeight` is given) and neutral offsets. Default {@link DEFAULT_NEWS_DECISION}; `false`
   * decides every text as a tweet.
   */
  readonly newsDecision?: NewsDecision | false;
}

/**
 * Default λ of the lexicon vote, chosen on a holdout carved from the TRAINING split (every 5th row
 * held out; see docs/analytics/sentiment.md), never on the validation split.
 */
export const DEFAULT_LEXICON_WEIGHT = 1;

export interface SentimentModel {
  score(text: string, options?: ScoreOptions): SentimentResult;
}

/** Builds a scorer over a weights object (the committed one, or a freshly trained one in tests). */
export function createSentimentModel(weights: SentimentWeights): SentimentModel {
  const K = SENTIMENT_LABELS.length;
  if (weights.labels.length !== K || weights.labels.some((l, i) => l !== SENTIMENT_LABELS[i])) {
    throw new Error(`sentiment weights: unexpected labels ${weights.labels.join(',')}`);
  }
  const inv = 1 / weights.scale;
  const w = Float64Array.from(weights.weights, (x) => x * inv);
  const d = Float64Array.from(weights.dense, (x) => x * inv);
  const b = Float64Array.from(weights.bias, (x) => x * inv);
  const idf = Float64Array.from(weights.idf, (x) => x / weights.idfScale);
  const BEAR = 0;
  const NEUTRAL = 1;
  const BULL = 2;
  const gatherer = createFeatureGatherer(weights.features, idf, weights.featureConfig);
  const tables: DriverTables = {
    readable: weights.features.map(readableFeature),
    isChar: gatherer.isChar,
    margin: Float64Array.from(weights.features, (_, i) => w[i * K + BULL]! - w[i * K + BEAR]!),
    denseMargin: Float64Array.from(DENSE_FEATURES, (_, k) => d[k * K + BULL]! - d[k * K + BEAR]!),
    charScope: weights.featureConfig.charScope,
  };

  return {
    score(text: string, options: ScoreOptions = {}): SentimentResult {
      const topDrivers = options.topDrivers ?? 5;
      const f = gatherer.gather(text);
      const z = Array.from(b);
      for (let j = 0; j < f.idx.length; j++) {
        const i = f.idx[j]!;
        for (let c = 0; c < K; c++) z[c] = z[c]! + f.val[j]! * w[i * K + c]!;
      }
      for (let k = 0; k < DENSE_FEATURES.length; k++) {
        for (let c = 0; c < K; c++) z[c] = z[c]! + f.dense[k]! * d[k * K + c]!;
      }
      const news = f.newsSentence ? (options.newsDecision ?? DEFAULT_NEWS_DECISION) : false;
      const lexiconWeight =
        options.lexiconWeight ?? (news === false ? DEFAULT_LEXICON_WEIGHT : news.lexiconWeight);
      const lexVote = lexiconWeight * f.lexicon.score;
      z[BEAR] = z[BEAR]! - lexVote;
      z[BULL] = z[BULL]! + lexVote;
      if (news !== false)
        z[NEUTRAL] =
          z[NEUTRAL]! +
          (f.lexicon.hits.length > 0 ? news.neutralOffsetWithRules : news.neutralOffsetWithoutRules);
      const max = Math.max(...z);
      const e = z.map((v) => Math.exp(v - max));
      const sum = e.reduce((a, v) => a + v, 0);
      const p = e.map((v) => v / sum);
      let best = 0;
      for (let c = 1; c < K; c++) if (p[c]! > p[best]!) best = c;

      return {
        label: SENTIMENT_LABELS[best]!,
        score: p[BULL]! - p[BEAR]!,
        confidence: p[best]!,
        probabilities: { bearish: p[0]!, neutral: p[1]!, bullish: p[2]! },
        drivers: topDrivers > 0 ? explainDrivers(f, tables, lexVote, topDrivers) : [],
        lexiconHits: f.lexicon.hits,
      };
    },
  };
}
