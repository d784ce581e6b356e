// Reference implementation for model-equivalence.test.ts — not used by the package.

import {
  DENSE_FEATURES,
  extractFeatures,
  type FeatureConfig,
  type TextFeatures,
} from '../../src/sentiment/features.js';
import { SENTIMENT_LABELS } from '../../src/sentiment/labels.js';
import type { SentimentWeights } from '../../src/sentiment/model/weights-format.js';
import {
  DEFAULT_LEXICON_WEIGHT,
  type ScoreOptions,
  type SentimentDriver,
  type SentimentModel,
  type SentimentResult,
} from '../../src/sentiment/model.js';
import { DEFAULT_NEWS_DECISION } from '../../src/sentiment/news-decision.js';
import { type SparseVector, vectorize } from '../../src/sentiment/vectorize.js';

const DENSE_LABELS: Readonly<Record<(typeof DENSE_FEATURES)[number], string>> = {
  'lex:pos': 'positive finance phrases',
  'lex:neg': 'negative finance phrases',
};

function readable(feature: string): string {
  if (feature.startsWith('lx:')) return feature.slice(3).replace(/~$/, ' (flipped)');
  return feature.slice(2);
}

/** Shares each character n-gram's contribution equally among the words that contain it. */
function attributeCharGrams(
  words: readonly string[],
  gram: ReadonlyMap<string, number>,
  config: FeatureConfig,
  add: (phrase: string, c: number) => void,
): void {
  if (config.charScope !== 'word') {
    let total = 0;
    for (const c of gram.values()) total += c;
    add('character patterns', total);
    return;
  }
  // A gram of a padded word is exactly a substring of it, so its owners are the words containing it.
  const padded = [...new Set(words)].filter((w) => !w.startsWith('<')).map((w) => ' ' + w + ' ');
  const share = new Float64Array(padded.length);
  const owners: number[] = [];
  for (const [g, c] of gram) {
    const text = g.slice(2);
    owners.length = 0;
    for (let k = 0; k < padded.length; k++) if (padded[k]!.includes(text)) owners.push(k);
    for (const k of owners) share[k] = share[k]! + c / owners.length;
  }
  padded.forEach((p, k) => {
    add(p.slice(1, -1), share[k]!);
  });
}

/**
 * The scorer as it was before the single-pass rewrite (commit f4d71ce, src/sentiment/model.ts),
 * kept verbatim as a differential oracle: it re-extracts features by name (extractFeatures +
 * vectorize, the trainer's path) and attributes character n-grams by substring search.
 */
export function createReferenceSentimentModel(weights: SentimentWeights): SentimentModel {
  const K = SENTIMENT_LABELS.length;
  if (weights.labels.length !== K || weights.labels.some((l, i) => l !== SENTIMENT_LABELS[i])) {
    throw new Error(`sentiment weights: unexpected labels ${weights.labels.join(',')}`);
  }
  const inv = 1 / weights.scale;
  const index = new Map<string, number>();
  weights.features.forEach((f, i) => {
    index.set(f, i);
  });
  const w = Float64Array.from(weights.weights, (x) => x * inv);
  const d = Float64Array.from(weights.dense, (x) => x * inv);
  const b = Float64Array.from(weights.bias, (x) => x * inv);
  const idf = Float64Array.from(weights.idf, (x) => x / weights.idfScale);
  const BEAR = 0;
  const BULL = 2;

  /** Per-phrase contributions to the bullish-minus-bearish logit, strongest first. */
  const explain = (v: SparseVector, f: TextFeatures, lexVote: number): SentimentDriver[] => {
    const byPhrase = new Map<string, number>();
    const add = (phrase: string, c: number) => byPhrase.set(phrase, (byPhrase.get(phrase) ?? 0) + c);
    const gram = new Map<string, number>();
    for (let j = 0; j < v.idx.length; j++) {
      const i = v.idx[j]!;
      const name = weights.features[i]!;
      const contribution = v.val[j]! * (w[i * K + BULL]! - w[i * K + BEAR]!);
      if (name.startsWith('c:')) gram.set(name, contribution);
      else add(readable(name), contribution);
    }
    if (gram.size > 0) attributeCharGrams(f.words, gram, weights.featureConfig, add);
    DENSE_FEATURES.forEach((name, k) => {
      add(DENSE_LABELS[name], f.dense[k]! * (d[k * K + BULL]! - d[k * K + BEAR]!));
    });
    for (const h of f.lexicon.hits) {
      // The lexicon vote (2·λ·score on the bullish-minus-bearish logit), shared among the hits in
      // proportion to their share of the polarity sum.
      const sum = f.lexicon.positive - f.lexicon.negative;
      const name = readable('lx:' + h.phrase + (h.polarity * h.base < 0 ? '~' : ''));
      if (sum !== 0) add(name, (2 * lexVote * h.polarity) / sum);
    }
    const drivers: SentimentDriver[] = [];
    for (const [phrase, contribution] of byPhrase)
      if (contribution !== 0) drivers.push({ phrase, contribution });
    drivers.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
    return drivers;
  };

  return {
    score(text: string, options: ScoreOptions = {}): SentimentResult {
      const topDrivers = options.topDrivers ?? 5;
      const f = extractFeatures(text, weights.featureConfig);
      const v = vectorize(f.sparse, index, idf);
      const z = Array.from(b);
      for (let j = 0; j < v.idx.length; j++) {
        const i = v.idx[j]!;
        for (let c = 0; c < K; c++) z[c] = z[c]! + v.val[j]! * w[i * K + c]!;
      }
      for (let k = 0; k < DENSE_FEATURES.length; k++) {
        for (let c = 0; c < K; c++) z[c] = z[c]! + f.dense[k]! * d[k * K + c]!;
      }
      // Added with the news decision (issue #29): the same rule as model.ts, read from extractFeatures.
      const news = f.newsSentence ? (options.newsDecision ?? DEFAULT_NEWS_DECISION) : false;
      const lexiconWeight =
        options.lexiconWeight ?? (news === false ? DEFAULT_LEXICON_WEIGHT : news.lexiconWeight);
      const lexVote = lexiconWeight * f.lexicon.score;
      z[BEAR] = z[BEAR]! - lexVote;
      z[BULL] = z[BULL]! + lexVote;
      if (news !== false)
        z[1] =
          z[1]! + (f.lexicon.hits.length > 0 ? news.neutralOffsetWithRules : news.neutralOffsetWithoutRules);
      const max = Math.max(...z);
      const e = z.map((v) => Math.exp(v - max));
      const sum = e.reduce((a, v) => a + v, 0);
      const p = e.map((v) => v / sum);
      let best = 0;
      for (let c = 1; c < K; c++) if (p[c]! > p[best]!) best = c;

      const drivers = topDrivers > 0 ? explain(v, f, lexVote) : [];

      return {
        label: SENTIMENT_LABELS[best]!,
        score: p[BULL]! - p[BEAR]!,
        confidence: p[best]!,
        probabilities: { bearish: p[0]!, neutral: p[1]!, bullish: p[2]! },
        drivers: drivers.slice(0, topDrivers),
        lexiconHits: f.lexicon.hits,
      };
    },
  };
}
