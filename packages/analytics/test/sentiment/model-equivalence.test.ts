import { readSentimentSplit } from '@bellwether/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFeatures } from '../../src/sentiment/features.js';
import { createFeatureGatherer } from '../../src/sentiment/gather-features.js';
import {
  createSentimentModel,
  type SentimentResult,
  trainSentimentModel,
} from '../../src/sentiment/index.js';
import weightsJson from '../../src/sentiment/model/weights.gen.json' with { type: 'json' };
import type { SentimentWeights } from '../../src/sentiment/model/weights-format.js';
import { vectorize } from '../../src/sentiment/vectorize.js';
import { createReferenceSentimentModel } from './reference-model.js';

// Differential test of the single-pass scorer (gather-features.ts + explain-drivers.ts) against the
// scorer it replaced (reference-model.ts: extractFeatures + vectorize by name, substring search for
// n-gram owners). Tolerance 1e-12 absolute on every number; labels, phrases and order exact.
const TOL = 1e-12;
const weights = weightsJson as unknown as SentimentWeights;

function expectSame(a: SentimentResult, b: SentimentResult, text: string): void {
  expect(a.label, text).toBe(b.label);
  expect(Math.abs(a.score - b.score), text).toBeLessThanOrEqual(TOL);
  expect(Math.abs(a.confidence - b.confidence), text).toBeLessThanOrEqual(TOL);
  for (const k of ['bearish', 'neutral', 'bullish'] as const)
    expect(Math.abs(a.probabilities[k] - b.probabilities[k]), text).toBeLessThanOrEqual(TOL);
  expect(
    a.drivers.map((d) => d.phrase),
    text,
  ).toEqual(b.drivers.map((d) => d.phrase));
  a.drivers.forEach((d, i) => {
    expect(Math.abs(d.contribution - b.drivers[i]!.contribution), text).toBeLessThanOrEqual(TOL);
  });
  expect(a.lexiconHits, text).toEqual(b.lexiconHits);
}

function compareOn(w: SentimentWeights, texts: readonly string[], topDrivers: number): void {
  const fast = createSentimentModel(w);
  const reference = createReferenceSentimentModel(w);
  for (const t of texts) expectSame(fast.score(t, { topDrivers }), reference.score(t, { topDrivers }), t);
}

describe('single-pass scorer equals the reference scorer', () => {
  const valid = readSentimentSplit('valid').rows.map((r) => r.text);

  it('on every validation headline, default 5 drivers and all drivers', () => {
    compareOn(weights, valid, 5);
    compareOn(weights, valid.slice(0, 400), 1000);
  });

  it('gathers exactly the sparse vector of extractFeatures + vectorize (same entries, same order)', () => {
    const idf = Float64Array.from(weights.idf, (x) => x / weights.idfScale);
    const vocab = new Map(weights.features.map((f, i) => [f, i]));
    const gatherer = createFeatureGatherer(weights.features, idf, weights.featureConfig);
    for (const t of valid.slice(0, 800)) {
      const g = gatherer.gather(t);
      const v = vectorize(extractFeatures(t, weights.featureConfig).sparse, vocab, idf);
      expect(Array.from(g.idx), t).toEqual(Array.from(v.idx));
      expect(Array.from(g.val), t).toEqual(Array.from(v.val));
    }
  });

  it('on generated texts: repeated words, placeholders, flipped scopes, unknown words', () => {
    const fast = createSentimentModel(weights);
    const reference = createReferenceSentimentModel(weights);
    const pieces = [
      'acme',
      'shares',
      'fell',
      'less',
      'than',
      'expected',
      'not',
      'as',
      'strong',
      'hoped',
      'but',
      'although',
      ',',
      '.',
      '$acme',
      '+5%',
      '-3%',
      '12',
      'https://x.y/z',
      "isn't",
      'beats',
      'estimates',
      'zzyzx',
      'qqq',
      'stock',
      'stocks',
      'the',
      'up',
      'down',
      'cut',
      'guidance',
      'sharply',
      'slightly',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (words) => {
        const text = words.join(' ');
        expectSame(fast.score(text, { topDrivers: 50 }), reference.score(text, { topDrivers: 50 }), text);
      }),
      { numRuns: 300, seed: 20261121 },
    );
  });

  it('for the other feature settings (trigrams, character n-grams over the whole text)', () => {
    const rows = readSentimentSplit('train').rows.slice(0, 300);
    for (const featureConfig of [
      { charMin: 2, charMax: 4, bigrams: false, trigrams: true, charScope: 'text' },
      { charMin: 3, charMax: 5, bigrams: true, trigrams: true, charScope: 'word' },
    ] as const) {
      const w = trainSentimentModel(rows, { featureConfig, maxIterations: 15, maxFeatures: 2000 });
      compareOn(w, valid.slice(0, 300), 20);
    }
  });
});
