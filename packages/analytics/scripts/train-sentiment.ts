/**
 * Reproduces packages/analytics/src/sentiment/model/weights.gen.json from the shared training split.
 *
 *   node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts            # fit, write weights
 *   node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts --select   # rerun the selection (slow: 27 fits)
 *   node --conditions=development --import tsx packages/analytics/scripts/train-sentiment.ts --fit-news # refit the news decision (seconds)
 *
 * Reads ONLY sent_train.csv (the validation split is for evaluation); deterministic: no randomness,
 * file order, sorted vocabulary. The hyper-parameters (C, class-weight exponent, lexicon vote λ) are
 * chosen by {@link SELECTION}: 3-fold cross-validation on the training split (row r in fold r mod 3),
 * macro-F1 of the pooled out-of-fold predictions, best of the grid, ties to the earliest. `--select`
 * reruns it, prints every grid point and fails unless the winner is the recorded {@link SELECTED}.
 * The splits are read by @bellwether/fixtures; the trainer is the package's public sentiment API.
 *
 * `--fit-news` fits the decision for sentences of company news (src/sentiment/news-decision.ts) on the
 * development set test/sentiment/company-news-eval.tsv with the committed weights: every point of
 * {@link NEWS_GRID}, macro-F1 on that set, best wins, ties to the earliest (the grid runs from "no
 * change" outwards). It fails unless the winner is the recorded {@link NEWS_SELECTED}. Nothing else
 * is fitted on that set, and the tweet splits are not used for it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bestSetting,
  crossValidateSentiment,
  DEFAULT_LEXICON_WEIGHT,
  DEFAULT_NEWS_DECISION,
  type NewsDecision,
  SENTIMENT_LABELS,
  type SentimentLabel,
  scoreSentiment,
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
export const SELECTED = { c: 3, classWeightPower: 0.5, lexiconWeight: 1, cvMacroF1: 0.7748 } as const;

/** Grid of the news decision, from "decide as a tweet" outwards. */
export const NEWS_GRID = {
  lexiconWeight: [1, 1.5, 2, 3, 4],
  neutralOffsetWithRules: [0, -0.5, -1, -1.5, -2, -3],
  neutralOffsetWithoutRules: [0, 0.5, 1, 1.5, 2, 3],
} as const;

/** Winner of `--fit-news` on the development set; DEFAULT_NEWS_DECISION must equal it. */
export const NEWS_SELECTED = {
  lexiconWeight: 2,
  neutralOffsetWithRules: -1.5,
  neutralOffsetWithoutRules: 3,
  devMacroF1: 0.951,
} as const;

const DEV_SET = resolve(HERE, '../test/sentiment/company-news-eval.tsv');

function macroF1Of(rows: readonly { label: SentimentLabel; predicted: SentimentLabel }[]): number {
  let sum = 0;
  for (const l of SENTIMENT_LABELS) {
    const tp = rows.filter((r) => r.label === l && r.predicted === l).length;
    const n = rows.filter((r) => r.label === l).length + rows.filter((r) => r.predicted === l).length;
    sum += n === 0 ? 0 : (2 * tp) / n;
  }
  return sum / SENTIMENT_LABELS.length;
}

function fitNewsDecision(): void {
  const rows = readFileSync(DEV_SET, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [label, text] = line.split('\t');
      return { label: label as SentimentLabel, text: text! };
    });
  let best: NewsDecision & { devMacroF1: number } = { ...NEWS_SELECTED, devMacroF1: -1 };
  for (const lexiconWeight of NEWS_GRID.lexiconWeight)
    for (const neutralOffsetWithRules of NEWS_GRID.neutralOffsetWithRules)
      for (const neutralOffsetWithoutRules of NEWS_GRID.neutralOffsetWithoutRules) {
        const newsDecision = { lexiconWeight, neutralOffsetWithRules, neutralOffsetWithoutRules };
        const f1 = macroF1Of(
          rows.map((r) => ({
            label: r.label,
            predicted: scoreSentiment(r.text, { topDrivers: 0, newsDecision }).label,
          })),
        );
        process.stdout.write(`${JSON.stringify(newsDecision)}  dev macro-F1 ${f1.toFixed(4)}\n`);
        if (f1 > best.devMacroF1 + 1e-12) best = { ...newsDecision, devMacroF1: f1 };
      }
  process.stdout.write(`best: ${JSON.stringify(best)}\n`);
  const same =
    best.lexiconWeight === NEWS_SELECTED.lexiconWeight &&
    best.neutralOffsetWithRules === NEWS_SELECTED.neutralOffsetWithRules &&
    best.neutralOffsetWithoutRules === NEWS_SELECTED.neutralOffsetWithoutRules &&
    best.devMacroF1.toFixed(4) === NEWS_SELECTED.devMacroF1.toFixed(4);
  if (!same) {
    process.stderr.write('NEWS_SELECTED in train-sentiment.ts differs from this fit: update it\n');
    process.exitCode = 1;
  }
}

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
  if (process.argv.includes('--fit-news')) {
    fitNewsDecision();
    process.exit();
  }
  if (
    DEFAULT_NEWS_DECISION.lexiconWeight !== NEWS_SELECTED.lexiconWeight ||
    DEFAULT_NEWS_DECISION.neutralOffsetWithRules !== NEWS_SELECTED.neutralOffsetWithRules ||
    DEFAULT_NEWS_DECISION.neutralOffsetWithoutRules !== NEWS_SELECTED.neutralOffsetWithoutRules
  ) {
    throw new Error('DEFAULT_NEWS_DECISION (src/sentiment/news-decision.ts) must equal NEWS_SELECTED');
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
