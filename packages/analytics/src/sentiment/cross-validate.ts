import { SENTIMENT_LABELS } from './labels.js';
import { createSentimentModel } from './model.js';
import { type LabelledText, type TrainOptions, trainSentimentModel } from './train.js';

/** One candidate setting of the hyper-parameters selected by cross-validation. */
export interface CandidateSetting {
  /** Inverse L2 strength of the fit. */
  readonly c: number;
  /** Exponent on balanced class weights. */
  readonly classWeightPower: number;
}

export interface CrossValidationResult extends CandidateSetting {
  /** Lexicon vote weight λ applied when scoring the held-out folds (no refit needed per λ). */
  readonly lexiconWeight: number;
  /** Macro-F1 of the pooled out-of-fold predictions. */
  readonly macroF1: number;
}

/** Macro-averaged F1 of a confusion matrix (rows = true, columns = predicted); an empty class scores 0. */
export function macroF1(cm: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let c = 0; c < cm.length; c++) {
    const tp = cm[c]![c]!;
    const predicted = cm.reduce((a, row) => a + row[c]!, 0);
    const actual = cm[c]!.reduce((a, v) => a + v, 0);
    sum += predicted + actual > 0 ? (2 * tp) / (predicted + actual) : 0;
  }
  return sum / cm.length;
}

/**
 * Deterministic k-fold cross-validation of the trainer over a grid, on the data given (the TRAINING
 * split only). Row r belongs to fold r mod k; for each setting and fold the model is fitted on the
 * other folds and scores the held-out one with every λ in `lexiconWeights`. Results are in grid order
 * (settings outer, λ inner), each scored by the macro-F1 of its pooled out-of-fold predictions.
 */
export function crossValidateSentiment(
  data: readonly LabelledText[],
  grid: readonly CandidateSetting[],
  lexiconWeights: readonly number[],
  folds: number,
  base: TrainOptions = {},
): CrossValidationResult[] {
  const K = SENTIMENT_LABELS.length;
  const out: CrossValidationResult[] = [];
  for (const setting of grid) {
    const cms = lexiconWeights.map(() => SENTIMENT_LABELS.map(() => new Array<number>(K).fill(0)));
    for (let fold = 0; fold < folds; fold++) {
      const fitOn = data.filter((_, r) => r % folds !== fold);
      const model = createSentimentModel(trainSentimentModel(fitOn, { ...base, ...setting }));
      data.forEach((row, r) => {
        if (r % folds !== fold) return;
        lexiconWeights.forEach((lexiconWeight, l) => {
          const label = model.score(row.text, { topDrivers: 0, lexiconWeight, newsDecision: false }).label;
          const cm = cms[l]!;
          cm[row.label]![SENTIMENT_LABELS.indexOf(label)]!++;
        });
      });
    }
    lexiconWeights.forEach((lexiconWeight, l) => {
      out.push({ ...setting, lexiconWeight, macroF1: macroF1(cms[l]!) });
    });
  }
  return out;
}

/** The best result; ties keep the earliest in grid order. */
export function bestSetting(results: readonly CrossValidationResult[]): CrossValidationResult {
  let best = results[0];
  if (best === undefined) throw new Error('crossValidateSentiment: empty grid');
  for (const r of results) if (r.macroF1 > best.macroF1) best = r;
  return best;
}
