import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSentimentSplit } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { NEWS_SELECTED, SELECTED } from '../../scripts/train-sentiment.js';
import {
  DEFAULT_LEXICON_WEIGHT,
  DEFAULT_NEWS_DECISION,
  trainSentimentModel,
} from '../../src/sentiment/index.js';
import { learnProperNouns } from '../../src/sentiment/proper-nouns.js';

const SENTIMENT_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/sentiment');
const WEIGHTS = join(SENTIMENT_SRC, 'model/weights.gen.json');

/**
 * sha256 of JSON.stringify(trainSentimentModel(first 1 500 training rows, SUBSET_OPTIONS)), with the
 * cross-validation-selected C and class-weight exponent.
 * A change here means training is no longer reproducible — or the features/trainer changed, in which
 * case re-run `node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts`, commit the new
 * weights and update this checksum in the same commit.
 */
const SUBSET_SHA256 = 'ac96ab727d0eda216d4a60d9c7223d555875d1187f11730234aded645cc3767a';
const SUBSET_OPTIONS = {
  maxFeatures: 3000,
  maxIterations: 40,
  c: SELECTED.c,
  classWeightPower: SELECTED.classWeightPower,
} as const;

describe('sentiment training reproducibility', () => {
  const train = readSentimentSplit('train');

  it('the committed weights were fitted on exactly the current training split', () => {
    const weights = JSON.parse(readFileSync(WEIGHTS, 'utf8'));
    expect(weights.training.dataSha256).toBe(train.sha256);
    expect(weights.training.data).toBe('sent_train.csv');
    expect(weights.training.rows).toBe(9543); // SOURCES.md row count of sent_train.csv
  });

  it('the committed weights and the scorer use the settings the cross-validation selected', () => {
    const weights = JSON.parse(readFileSync(WEIGHTS, 'utf8'));
    expect(weights.training.c).toBe(SELECTED.c);
    expect(weights.training.classWeightPower).toBe(SELECTED.classWeightPower);
    expect(weights.training.lexiconWeight).toBe(SELECTED.lexiconWeight);
    expect(weights.training.cvMacroF1).toBe(SELECTED.cvMacroF1);
    expect(DEFAULT_LEXICON_WEIGHT).toBe(SELECTED.lexiconWeight);
  });

  it('the scorer decides news sentences with the decision fitted on the development set', () => {
    expect(DEFAULT_NEWS_DECISION.lexiconWeight).toBe(NEWS_SELECTED.lexiconWeight);
    expect(DEFAULT_NEWS_DECISION.neutralOffsetWithRules).toBe(NEWS_SELECTED.neutralOffsetWithRules);
    expect(DEFAULT_NEWS_DECISION.neutralOffsetWithoutRules).toBe(NEWS_SELECTED.neutralOffsetWithoutRules);
  });

  it('the committed weights mask proper nouns with names learned from the training split only', () => {
    const weights = JSON.parse(readFileSync(WEIGHTS, 'utf8'));
    expect(weights.featureConfig.names).toEqual(learnProperNouns(train.rows.map((r) => r.text)));
  });

  it('a deterministic subset run reproduces its recorded checksum', () => {
    const w = trainSentimentModel(train.rows.slice(0, 1500), SUBSET_OPTIONS);
    const again = trainSentimentModel(train.rows.slice(0, 1500), SUBSET_OPTIONS);
    const sha = createHash('sha256').update(JSON.stringify(w)).digest('hex');
    expect(JSON.stringify(again)).toBe(JSON.stringify(w));
    expect(sha).toBe(SUBSET_SHA256);
  });

  it('the weights file stays well under 1 MB and the package never reads files at run time', () => {
    expect(statSync(WEIGHTS).size).toBeLessThan(1_000_000);
    for (const f of readdirSync(SENTIMENT_SRC, { recursive: true, encoding: 'utf8' })) {
      if (!f.endsWith('.ts')) continue;
      expect(readFileSync(join(SENTIMENT_SRC, f), 'utf8')).not.toMatch(/node:fs|process\.env|readFileSync/);
    }
  });
});
