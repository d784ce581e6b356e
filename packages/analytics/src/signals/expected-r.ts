import { CALIBRATION_FEATURES, calibrationFeatures } from './calibration.js';
import { cardCostR } from './costs.js';
import type { ResolvedCandidate } from './history.js';
import type { SignalCandidate } from './scan.js';
import { solveLinear } from './solve-linear.js';

/**
 * Expected R: the mean result, in R, of a card like this one once its entry fills, learned like conviction
 * from the outcomes of earlier candidates only (walk-forward). A ridge regression of the realised R on the
 * calibration features: the intercept is free, every correction is pulled towards zero by `penalty` (so
 * with few outcomes the estimate is the plain average). Costs are not learned: the card's own round-trip
 * cost in R is subtracted (expected R net = gross − cost).
 */
export interface ExpectedRModel {
  readonly version: 1;
  readonly features: readonly string[];
  readonly beta: readonly number[];
  readonly samples: number;
  /** Mean realised R of the samples; null without any. */
  readonly mean_r: number | null;
  readonly penalty: number;
}

/** Without outcomes nothing is known: an expected R of zero before costs. */
const EMPTY_MODEL: ExpectedRModel = Object.freeze({
  version: 1,
  features: CALIBRATION_FEATURES,
  beta: CALIBRATION_FEATURES.map(() => 0),
  samples: 0,
  mean_r: null,
  penalty: 0,
});

/** Predictions stay within what the management rule can realise (a gap through the stop aside). */
const FLOOR_R = -1.5;

/** What expected R learns from one filled candidate: its calibration features and its realised R. */
export interface ExpectedRSample {
  readonly x: Float64Array;
  readonly r: number;
}

/** The samples `fitExpectedR` learns from `history`, in order (filled, with a finite R and inputs). */
export function expectedRSamples(history: readonly ResolvedCandidate[]): ExpectedRSample[] {
  const out: ExpectedRSample[] = [];
  for (const h of history) {
    const r = h.outcome.r_multiple;
    if (h.outcome.t1_before_stop === null || r === null || !Number.isFinite(r)) continue;
    const x = calibrationFeatures(h.candidate);
    // One malformed bar must not poison every prediction: a sample with a non-finite input is left out.
    if (!x.every(Number.isFinite)) continue;
    out.push({ x, r });
  }
  return out;
}

export function fitExpectedR(history: readonly ResolvedCandidate[], penalty = 200): ExpectedRModel {
  return fitExpectedRSamples(expectedRSamples(history), penalty);
}

/**
 * `fitExpectedR` on samples already drawn from the history: what a walk-forward replay keeps instead of
 * every candidate whole (the backtest over the S&P 500 holds hundreds of thousands).
 */
export function fitExpectedRSamples(samples: readonly ExpectedRSample[], penalty = 200): ExpectedRModel {
  const d = CALIBRATION_FEATURES.length;
  const a = new Float64Array(d * d);
  const b = new Float64Array(d);
  let n = 0;
  let total = 0;
  for (const { x, r } of samples) {
    for (let i = 0; i < d; i++) {
      const xi = x[i] as number;
      if (xi === 0) continue;
      b[i] = (b[i] as number) + xi * r;
      for (let j = 0; j < d; j++) a[i * d + j] = (a[i * d + j] as number) + xi * (x[j] as number);
    }
    n++;
    total += r;
  }
  if (n === 0) return EMPTY_MODEL;
  for (let i = 1; i < d; i++) a[i * d + i] = (a[i * d + i] as number) + penalty;
  const beta = solveLinear(a, b, d);
  return {
    version: 1,
    features: CALIBRATION_FEATURES,
    beta: Array.from(beta),
    samples: n,
    mean_r: total / n,
    penalty,
  };
}

/** Expected R of a filled card, net of `bpsPerSide` round-trip costs. */
export function predictExpectedR(
  model: ExpectedRModel,
  c: Pick<SignalCandidate, 'setup' | 'direction' | 'risk_reward' | 'evidence' | 'levels'>,
  bpsPerSide: number,
): number {
  const x = calibrationFeatures(c);
  let gross = 0;
  for (let i = 0; i < x.length; i++) gross += (model.beta[i] ?? 0) * (x[i] as number);
  gross = Math.min(c.risk_reward.t2, Math.max(FLOOR_R, gross));
  return gross - cardCostR(c.levels, bpsPerSide);
}
