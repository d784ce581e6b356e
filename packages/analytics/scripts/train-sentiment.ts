/**
 * Reproduces packages/analytics/src/sentiment/model/weights.gen.json from the shared training split.
 *
 *   node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts            # fit, write weights
 *   node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts --select   # rerun the selection (slow: 27 fits)
 *
 * Reads ONLY sent_train.csv (the validation split is for evaluation); deterministic: no randomness,
 * file order, sorted vocabulary. The hyper-parameters (C, class-weight exponent, lexicon vote λ) are
 * chosen by {@link SELECTION}: 3-fold cross-validation on the training split (row r in fold r mod 3),
 * macro-F1 of the pooled out-of-fold predictions, best of the grid, ties to the earliest. `--select`
 * reruns it, prints every grid point and fails unless the winner is the recorded {@link SELECTED}.
 * The splits are read by @bellwether/fixtures; the trainer is the package's public sentiment API.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bestSetting,
  crossValidateSentiment,
  DEFAULT_LEXICON_WEIGHT,
  trainSentimentModel,
} from '@bellwether/analytics/sentiment';
import { readSentimentSplit } from '@bellwether/fixtures';

/**
 * Every source the model is made of, with its licence (all allow commercial use):
 * - sent_train.csv (Twitter financial news sentiment, ../shared/data/umaima-aman__…): MIT, per the
 *   original dataset card (../shared/data/README.md); read at training time, never copied.
 * - The finance lexicon, the quantity vocabulary and scope rules (src/sentiment/lexicon.ts,
 *   quantity-lexicon.ts): written for this project.
 * Research-only sets (Financial PhraseBank, FiQA, SemEval) are not used, for training or anything else.
 */
export const TRAINING_SOURCES = [
  { source: 'sent_train.csv (Twitter financial news sentiment)', licence: 'MIT' },
  { source: 'src/sentiment/lexicon.ts, quantity-lexicon.ts', licence: 'own work (this repository)' },
] as const;

const HERE = dirname(fileURLToPath(import.meta.url));
export const WEIGHTS_PATH = resolve(HERE, '../src/sentiment/model/weights.gen.json');

/** The selection procedure: grid × λ, scored by k-fold cross-validation on the training split. */
export const SELECTION = {
  folds: 3,
  grid: [1, 3, 10].flatMap((c) => [0.25, 0.5, 0.75].map((classWeightPower) => ({ c, classWeightPower }))),
  lexiconWeights: [0, 1, 2],
} as const;

/** Winner of {@link SELECTION} (from `--select`); the trainer's and scorer's defaults must equal it. */
export const SELECTED = { c: 3, classWeightPower: 0.5, lexiconWeight: 1, cvMacroF1: 0.7725 } as const;

export function trainFromSharedData() {
  const { rows, sha256 } = readSentimentSplit('train');
  const weights = trainSentimentModel(rows, { c: SELECTED.c, classWeightPower: SELECTED.classWeightPower });
  return {
    ...weights,
    training: {
      ...weights.training,
      data: 'sent_train.csv',
      dataSha256: sha256,
      lexiconWeight: SELECTED.lexiconWeight,
      selection: `${SELECTION.folds}-fold CV on sent_train.csv, pooled out-of-fold macro-F1`,
      cvMacroF1: SELECTED.cvMacroF1,
    },
  };
}

function runSelection(): void {
  const { rows } = readSentimentSplit('train');
  const results = crossValidateSentiment(rows, SELECTION.grid, SELECTION.lexiconWeights, SELECTION.folds);
  for (const r of results) {
    process.stdout.write(
      `C ${r.c}  power ${r.classWeightPower}  λ ${r.lexiconWeight}  CV macro-F1 ${r.macroF1.toFixed(4)}\n`,
    );
  }
  const best = bestSetting(results);
  process.stdout.write(`best: ${JSON.stringify(best)}\n`);
  const same =
    best.c === SELECTED.c &&
    best.classWeightPower === SELECTED.classWeightPower &&
    best.lexiconWeight === SELECTED.lexiconWeight &&
    best.macroF1.toFixed(4) === SELECTED.cvMacroF1.toFixed(4);
  if (!same) {
    process.stderr.write(
      'SELECTED in train-sentiment.ts differs from this selection: update it and retrain\n',
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--select')) {
    runSelection();
    process.exit();
  }
  if (DEFAULT_LEXICON_WEIGHT !== SELECTED.lexiconWeight) {
    throw new Error('DEFAULT_LEXICON_WEIGHT (src/sentiment/model.ts) must equal SELECTED.lexiconWeight');
  }
  const t0 = performance.now();
  const weights = trainFromSharedData();
  const json = JSON.stringify(weights);
  writeFileSync(WEIGHTS_PATH, json + '\n');
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  process.stdout.write(
    `wrote ${WEIGHTS_PATH}: ${weights.features.length} features, ${json.length} bytes, ${secs} s\n`,
  );
}
