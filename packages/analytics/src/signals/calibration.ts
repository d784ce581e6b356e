import type { SignalCandidate } from './scan.js';
import { solveLinear } from './solve-linear.js';
import type { SetupId } from './types.js';

/**
 * Conviction: the probability that T1 is reached before the stop, from a logistic model fitted on the
 * outcomes of earlier cards only (walk-forward; the caller passes samples resolved before the instant
 * the model is used). The model starts from the random-walk odds — without drift, a target R times as
 * far as the stop is hit first with probability 1/(1+R), i.e. logit p = −ln R — and learns corrections
 * from the evidence with an L2 penalty that pulls them back to that prior when data are few.
 */
const SETUP_IDS: readonly SetupId[] = [
  'trend_pullback',
  'breakout_volume',
  'mean_reversion_in_trend',
  'momentum_continuation',
  'pattern_reversal_at_level',
  'volatility_squeeze',
];

export const CALIBRATION_FEATURES: readonly string[] = [
  'intercept',
  ...SETUP_IDS.slice(1).map((s) => `setup:${s}`),
  'short',
  'ln_r_t1',
  'adx14/50',
  'atr_pct/5',
  'volume_ratio/3',
  'rsi14/100',
];

/** The model's inputs for one candidate. */
export function calibrationFeatures(
  c: Pick<SignalCandidate, 'setup' | 'direction' | 'risk_reward' | 'evidence'>,
): Float64Array {
  const x = new Float64Array(CALIBRATION_FEATURES.length);
  x[0] = 1;
  const k = (SETUP_IDS as readonly string[]).indexOf(c.setup);
  if (k > 0) x[k] = 1;
  let j = SETUP_IDS.length;
  x[j++] = c.direction === 'short' ? 1 : 0;
  x[j++] = Math.log(Math.max(c.risk_reward.t1, 0.1));
  x[j++] = c.evidence.trend.adx14 / 50;
  x[j++] = c.evidence.volatility.atr_pct / 5;
  x[j++] = Math.min(c.evidence.volume.ratio, 3) / 3;
  x[j++] = c.evidence.momentum.rsi14 / 100;
  return x;
}

export interface CalibrationSample {
  readonly x: Float64Array;
  /** 1 when T1 came before the stop, else 0 (stopped first, or expired without T1). */
  readonly y: 0 | 1;
}

export interface CalibrationModel {
  readonly version: 1;
  readonly features: readonly string[];
  /** Corrections to the random-walk prior, one per feature. */
  readonly beta: readonly number[];
  readonly samples: number;
  readonly base_rate: number | null;
  readonly penalty: number;
}

const LN_R_INDEX = SETUP_IDS.length + 1;

/** The prior alone: conviction = 1/(1 + R to T1). */
export const PRIOR_MODEL: CalibrationModel = Object.freeze({
  version: 1,
  features: CALIBRATION_FEATURES,
  beta: CALIBRATION_FEATURES.map(() => 0),
  samples: 0,
  base_rate: null,
  penalty: 0,
});

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** logit p = −ln R + β·x */
export function predictConviction(model: CalibrationModel, x: Float64Array): number {
  let z = -(x[LN_R_INDEX] as number);
  for (let i = 0; i < x.length; i++) z += (model.beta[i] ?? 0) * (x[i] as number);
  return Math.min(0.99, Math.max(0.01, sigmoid(z)));
}

/**
 * Penalised maximum likelihood by Newton's method (the problem is small and strictly convex). `start`:
 * where Newton's method begins (default zero) — a walk-forward refit starts from last month's optimum,
 * a few samples away, and reaches the same optimum (to the 1e-9 step tolerance) in fewer passes.
 */
export function fitCalibration(
  samples: readonly CalibrationSample[],
  penalty = 5,
  start?: readonly number[],
): CalibrationModel {
  const d = CALIBRATION_FEATURES.length;
  if (samples.length === 0) return PRIOR_MODEL;
  const beta = new Float64Array(d);
  if (start !== undefined && start.length === d && start.every(Number.isFinite)) beta.set(start);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Float64Array(d);
    const hess = new Float64Array(d * d);
    for (const s of samples) {
      let z = -(s.x[LN_R_INDEX] as number);
      for (let i = 0; i < d; i++) z += (beta[i] as number) * (s.x[i] as number);
      const p = sigmoid(z);
      const wgt = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < d; i++) {
        const xi = s.x[i] as number;
        if (xi === 0) continue;
        grad[i] = (grad[i] as number) + (s.y - p) * xi;
        for (let j = 0; j < d; j++)
          hess[i * d + j] = (hess[i * d + j] as number) + wgt * xi * (s.x[j] as number);
      }
    }
    for (let i = 0; i < d; i++) {
      grad[i] = (grad[i] as number) - penalty * (beta[i] as number);
      hess[i * d + i] = (hess[i * d + i] as number) + penalty;
    }
    const step = solveLinear(hess, grad, d);
    let change = 0;
    for (let i = 0; i < d; i++) {
      beta[i] = (beta[i] as number) + (step[i] as number);
      change = Math.max(change, Math.abs(step[i] as number));
    }
    if (change < 1e-9) break;
  }
  const base = samples.reduce((a, s) => a + s.y, 0) / samples.length;
  return {
    version: 1,
    features: CALIBRATION_FEATURES,
    beta: Array.from(beta),
    samples: samples.length,
    base_rate: base,
    penalty,
  };
}

export type ConvictionLabel = 'low' | 'medium' | 'high';

/**
 * Buckets of the calibrated score: under 0.30 low, under 0.45 medium, else high. (Targets sit 1.5R or
 * more away, where the random-walk odds are 0.40 or less, so these are the useful ranges.)
 */
export function convictionLabel(score: number): ConvictionLabel {
  return score < 0.3 ? 'low' : score < 0.45 ? 'medium' : 'high';
}

/** Brier score: mean squared error of probability forecasts. */
export function brierScore(forecasts: readonly number[], outcomes: readonly (0 | 1)[]): number {
  let s = 0;
  for (let i = 0; i < forecasts.length; i++) s += ((forecasts[i] as number) - (outcomes[i] as number)) ** 2;
  return s / forecasts.length;
}

/** Predicted vs realised hit rate per decile bucket of the forecast. */
export function calibrationTable(
  forecasts: readonly number[],
  outcomes: readonly (0 | 1)[],
  edges: readonly number[] = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 1],
): { from: number; to: number; count: number; predicted: number | null; realised: number | null }[] {
  return edges.slice(0, -1).map((from, k) => {
    const to = edges[k + 1] as number;
    let n = 0;
    let ps = 0;
    let ys = 0;
    for (let i = 0; i < forecasts.length; i++) {
      const p = forecasts[i] as number;
      if (p >= from && (p < to || (to === 1 && p <= 1))) {
        n++;
        ps += p;
        ys += outcomes[i] as number;
      }
    }
    return { from, to, count: n, predicted: n === 0 ? null : ps / n, realised: n === 0 ? null : ys / n };
  });
}
