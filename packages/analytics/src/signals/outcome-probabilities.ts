import { CALIBRATION_FEATURES, calibrationFeatures } from './calibration.js';
import type { ResolvedCandidate } from './history.js';
import type { CardOutcome } from './outcome.js';
import type { SignalCandidate } from './scan.js';
import { solveLinear } from './solve-linear.js';

/**
 * How a filled card ends, three ways (issue #48, ADR 0094): T1 reached before the stop, the stop reached
 * first (T1 never seen), or the card's expiry with neither. The probabilities are for a card whose entry
 * FILLS: an unfilled card has no outcome here (its bracket never opened), and is never a training sample.
 */
export const OUTCOME_CLASSES = ['t1_first', 'stop_first', 'expiry'] as const;
export type OutcomeClass = (typeof OUTCOME_CLASSES)[number];

export interface OutcomeProbabilities {
  readonly t1_first: number;
  readonly stop_first: number;
  readonly expiry: number;
}

/**
 * The class of a resolved, filled outcome (evaluateOutcome's statuses: `t1` and `t2` — T1 came first;
 * `stopped` — the stop came first, also when the bar that filled the entry opened through the stop;
 * `expired` — neither by the last live bar). Null when the entry never filled or the card is still open.
 */
export function outcomeClass(o: CardOutcome): OutcomeClass | null {
  if (o.open) return null;
  switch (o.status) {
    case 't1':
    case 't2':
      return 't1_first';
    case 'stopped':
      return 'stop_first';
    case 'expired':
      return 'expiry';
    default:
      return null;
  }
}

export interface OutcomeSample {
  /** outcomeFeatures of the candidate. */
  readonly x: Float64Array;
  readonly y: OutcomeClass;
}

/**
 * The model's inputs: conviction's calibration features, the stop's distance in ATRs (ln of the planned
 * risk — the zone's far edge to the stop — over ATR 14), and the same from where the bracket's limit rests
 * (the last close held to the zone, ADR 0087). Whether a card expires with neither level touched, or is
 * stopped, is a matter of how far its levels sit from the fill in units of the stock's daily range;
 * conviction's inputs carry that range only as a share of price.
 */
export const OUTCOME_FEATURES: readonly string[] = [
  ...CALIBRATION_FEATURES,
  'ln_risk_atr',
  'ln_order_stop_atr',
];

/** ln of a distance in ATRs, held to 0.05 … 20; an ATR that rounds to nothing reads as one ATR (ln 1 = 0). */
function lnAtrs(distance: number, atr: number): number {
  const ratio = distance / atr;
  return Number.isFinite(ratio) && ratio > 0 ? Math.log(Math.min(20, Math.max(ratio, 0.05))) : 0;
}

export function outcomeFeatures(
  c: Pick<SignalCandidate, 'setup' | 'direction' | 'risk_reward' | 'evidence' | 'levels'>,
): Float64Array {
  const base = calibrationFeatures(c);
  const x = new Float64Array(OUTCOME_FEATURES.length);
  x.set(base);
  const { levels } = c;
  const atr = c.evidence.volatility.atr14;
  const long = levels.direction === 'long';
  const risk = long ? levels.entry_zone.high - levels.stop : levels.stop - levels.entry_zone.low;
  const order = Math.min(levels.entry_zone.high, Math.max(levels.entry_zone.low, c.evidence.trend.close));
  x[base.length] = lnAtrs(risk, atr);
  x[base.length + 1] = lnAtrs(long ? order - levels.stop : levels.stop - order, atr);
  return x;
}

/** Training samples (filled, resolved candidates with finite inputs) from resolved history. */
export function outcomeSamples(history: readonly ResolvedCandidate[]): OutcomeSample[] {
  const out: OutcomeSample[] = [];
  for (const h of history) {
    const y = outcomeClass(h.outcome);
    if (y === null) continue;
    const x = outcomeFeatures(h.candidate);
    if (x.every(Number.isFinite)) out.push({ x, y });
  }
  return out;
}

export interface OutcomeModel {
  readonly version: 1;
  readonly features: readonly string[];
  /** The shrunk base rates the model starts from (β = 0 predicts exactly these). */
  readonly base_rates: OutcomeProbabilities;
  /** Corrections per feature: log-odds of T1 first against the stop, and of expiry against the stop. */
  readonly beta_t1: readonly number[];
  readonly beta_expiry: readonly number[];
  readonly samples: number;
  readonly penalty: number;
}

/** Pseudo-cards, spread evenly over the three classes, that the base rates are shrunk with. */
const BASE_RATE_PRIOR_CARDS = 9;
/** The L2 penalty on the corrections (the conviction model's, on the same log-likelihood scale). */
const OUTCOME_PENALTY = 5;

/** Class frequencies shrunk towards 1/3 each by `prior` pseudo-cards: never 0, never NaN (no samples: 1/3). */
export function shrunkBaseRates(
  counts: { readonly [K in OutcomeClass]: number },
  prior = BASE_RATE_PRIOR_CARDS,
): OutcomeProbabilities {
  const n = counts.t1_first + counts.stop_first + counts.expiry;
  const r = (k: number) => (k + prior / 3) / (n + prior);
  return { t1_first: r(counts.t1_first), stop_first: r(counts.stop_first), expiry: r(counts.expiry) };
}

/** The counts of each class in `samples` (outcomes). */
export function classCounts(outcomes: Iterable<OutcomeClass>): Record<OutcomeClass, number> {
  const c = { t1_first: 0, stop_first: 0, expiry: 0 };
  for (const y of outcomes) c[y]++;
  return c;
}

/** The shrunk base rates alone (no features): what a model fitted on nothing predicts. */
function baseRateModel(base: OutcomeProbabilities, features: readonly string[], samples = 0): OutcomeModel {
  const zeros = features.map(() => 0);
  return {
    version: 1,
    features,
    base_rates: base,
    beta_t1: zeros,
    beta_expiry: zeros,
    samples,
    penalty: OUTCOME_PENALTY,
  };
}

/** Softmax of (z_t1, 0, z_expiry): the stop is the reference class. */
function softmax(zT1: number, zExpiry: number): [number, number, number] {
  const m = Math.max(zT1, 0, zExpiry);
  const a = Math.exp(zT1 - m);
  const b = Math.exp(-m);
  const c = Math.exp(zExpiry - m);
  const s = a + b + c;
  return [a / s, b / s, c / s];
}

function offsets(base: OutcomeProbabilities): [number, number] {
  return [Math.log(base.t1_first / base.stop_first), Math.log(base.expiry / base.stop_first)];
}

/** P(T1 first), P(stop first), P(expiry) for a filled card with inputs `x`; they sum to 1. */
export function predictOutcomeProbabilities(model: OutcomeModel, x: Float64Array): OutcomeProbabilities {
  const [o1, o2] = offsets(model.base_rates);
  let z1 = o1;
  let z2 = o2;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i] as number;
    z1 += (model.beta_t1[i] ?? 0) * xi;
    z2 += (model.beta_expiry[i] ?? 0) * xi;
  }
  const [p1, p2, p3] = softmax(z1, z2);
  return { t1_first: p1, stop_first: p2, expiry: p3 };
}

export interface OutcomeFitOptions {
  readonly penalty?: number;
  readonly prior?: number;
  /** Where Newton's method begins ([β_t1, β_expiry] concatenated; default zero): last month's optimum. */
  readonly start?: readonly number[];
  /** The names of the inputs `x` carries (default: OUTCOME_FEATURES). */
  readonly features?: readonly string[];
}

/**
 * Multinomial (softmax) logistic regression of the three outcomes on the calibration features, by
 * penalised maximum likelihood with Newton's method (IRLS; the problem is small and strictly convex with
 * the L2 penalty, so the optimum is unique and the result deterministic). The model is written as
 * corrections to the shrunk base rates of the samples: the penalty pulls towards those rates, so with few
 * samples — or a class that never occurred — the forecast is the shrunk base rates, never 0 or NaN.
 * Walk-forward: the caller passes only outcomes resolved before the instant the model is used.
 */
export function fitOutcomeProbabilities(
  samples: readonly OutcomeSample[],
  options: OutcomeFitOptions = {},
): OutcomeModel {
  const penalty = options.penalty ?? OUTCOME_PENALTY;
  const base = shrunkBaseRates(classCounts(samples.map((s) => s.y)), options.prior ?? BASE_RATE_PRIOR_CARDS);
  const features = options.features ?? OUTCOME_FEATURES;
  const d = features.length;
  if (samples.length === 0) return baseRateModel(base, features);
  const [o1, o2] = offsets(base);
  const m = 2 * d;
  const theta = new Float64Array(m);
  if (options.start !== undefined && options.start.length === m && options.start.every(Number.isFinite))
    theta.set(options.start);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Float64Array(m);
    const hess = new Float64Array(m * m);
    for (const s of samples) {
      const x = s.x;
      let z1 = o1;
      let z2 = o2;
      for (let i = 0; i < d; i++) {
        const xi = x[i] as number;
        z1 += (theta[i] as number) * xi;
        z2 += (theta[d + i] as number) * xi;
      }
      const [p1, , p3] = softmax(z1, z2);
      const r1 = (s.y === 't1_first' ? 1 : 0) - p1;
      const r3 = (s.y === 'expiry' ? 1 : 0) - p3;
      const w11 = p1 * (1 - p1);
      const w13 = -p1 * p3;
      const w33 = p3 * (1 - p3);
      for (let i = 0; i < d; i++) {
        const xi = x[i] as number;
        if (xi === 0) continue;
        grad[i] = (grad[i] as number) + r1 * xi;
        grad[d + i] = (grad[d + i] as number) + r3 * xi;
        // Upper triangle of each block (j ≥ i); mirrored below.
        for (let j = i; j < d; j++) {
          const xx = xi * (x[j] as number);
          if (xx === 0) continue;
          hess[i * m + j] = (hess[i * m + j] as number) + w11 * xx;
          hess[i * m + d + j] = (hess[i * m + d + j] as number) + w13 * xx;
          hess[(d + i) * m + d + j] = (hess[(d + i) * m + d + j] as number) + w33 * xx;
          if (j !== i) hess[j * m + d + i] = (hess[j * m + d + i] as number) + w13 * xx;
        }
      }
    }
    // Mirror the blocks' upper triangles, then the off-diagonal block into the lower-left.
    for (let i = 0; i < d; i++)
      for (let j = i + 1; j < d; j++) {
        hess[j * m + i] = hess[i * m + j] as number;
        hess[(d + j) * m + d + i] = hess[(d + i) * m + d + j] as number;
      }
    for (let i = 0; i < d; i++)
      for (let j = 0; j < d; j++) hess[(d + j) * m + i] = hess[i * m + d + j] as number;
    for (let i = 0; i < m; i++) {
      grad[i] = (grad[i] as number) - penalty * (theta[i] as number);
      hess[i * m + i] = (hess[i * m + i] as number) + penalty;
    }
    const step = solveLinear(hess, grad, m);
    let change = 0;
    for (let i = 0; i < m; i++) change = Math.max(change, Math.abs(step[i] as number));
    // A damped step far from the optimum (Newton's method on a softmax can overshoot from a cold start).
    const scale = change > 2 ? 2 / change : 1;
    for (let i = 0; i < m; i++) theta[i] = (theta[i] as number) + scale * (step[i] as number);
    if (change < 1e-9 || !Number.isFinite(change)) break;
  }
  if (!theta.every(Number.isFinite)) return baseRateModel(base, features, samples.length);
  return {
    version: 1,
    features,
    base_rates: base,
    beta_t1: Array.from(theta.subarray(0, d)),
    beta_expiry: Array.from(theta.subarray(d)),
    samples: samples.length,
    penalty,
  };
}

/** The model's parameters as one vector (the `start` of the next refit). */
export function outcomeModelParameters(model: OutcomeModel): number[] {
  return [...model.beta_t1, ...model.beta_expiry];
}

/** Multiclass Brier score: the mean over cards of Σ_k (p_k − 1[y = k])², from 0 (perfect) to 2. */
export function multiclassBrier(
  forecasts: readonly OutcomeProbabilities[],
  outcomes: readonly OutcomeClass[],
): number {
  let s = 0;
  for (let i = 0; i < forecasts.length; i++) {
    const p = forecasts[i] as OutcomeProbabilities;
    for (const k of OUTCOME_CLASSES) s += (p[k] - (outcomes[i] === k ? 1 : 0)) ** 2;
  }
  return s / forecasts.length;
}

/**
 * Probabilities rounded to `decimals` places that still sum to 1 exactly (in those units): the largest
 * remainders are rounded up (ties: the class order).
 */
export function roundProbabilities(p: OutcomeProbabilities, decimals = 2): OutcomeProbabilities {
  const unit = 10 ** decimals;
  const raw = OUTCOME_CLASSES.map((k) => Math.max(0, p[k]) * unit);
  const total = raw.reduce((a, x) => a + x, 0);
  const scaled = raw.map((x) => (total > 0 ? (x / total) * unit : unit / 3));
  const floors = scaled.map(Math.floor);
  let left = unit - floors.reduce((a, x) => a + x, 0);
  const order = [0, 1, 2].sort(
    (a, b) =>
      (scaled[b] as number) - (floors[b] as number) - ((scaled[a] as number) - (floors[a] as number)) ||
      a - b,
  );
  for (const k of order) {
    if (left <= 0) break;
    floors[k] = (floors[k] as number) + 1;
    left--;
  }
  return {
    t1_first: (floors[0] as number) / unit,
    stop_first: (floors[1] as number) / unit,
    expiry: (floors[2] as number) / unit,
  };
}

export interface ClassCalibrationRow {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly predicted: number | null;
  readonly realised: number | null;
  /** |predicted − realised| within the tolerance; null for buckets with fewer cards than the minimum. */
  readonly within_tolerance: boolean | null;
}

/**
 * Calibration of each class's forecast in fixed bins of 0.1: cards, mean predicted, realised frequency,
 * and for buckets of at least `minCards` cards whether they agree within `tolerance` (5 points).
 */
export function classCalibration(
  forecasts: readonly OutcomeProbabilities[],
  outcomes: readonly OutcomeClass[],
  tolerance = 0.05,
  minCards = 100,
): Record<OutcomeClass, ClassCalibrationRow[]> {
  const table = (k: OutcomeClass): ClassCalibrationRow[] =>
    Array.from({ length: 10 }, (_, b) => {
      let n = 0;
      let ps = 0;
      let ys = 0;
      for (let i = 0; i < forecasts.length; i++) {
        const p = (forecasts[i] as OutcomeProbabilities)[k];
        if (Math.min(9, Math.floor(p * 10)) !== b) continue;
        n++;
        ps += p;
        if (outcomes[i] === k) ys++;
      }
      const predicted = n === 0 ? null : ps / n;
      const realised = n === 0 ? null : ys / n;
      return {
        from: b / 10,
        to: (b + 1) / 10,
        count: n,
        predicted,
        realised,
        within_tolerance:
          n < minCards ? null : Math.abs((predicted as number) - (realised as number)) <= tolerance,
      };
    });
  return { t1_first: table('t1_first'), stop_first: table('stop_first'), expiry: table('expiry') };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The three probabilities in plain words for a card's thesis: which outcome is likely (over one half) or
 * the most likely, and the other two — stated as the chances of a filled card.
 */
export function outcomeSentence(p: OutcomeProbabilities): string {
  const words: Record<OutcomeClass, string> = {
    t1_first: 'T1 before the stop',
    stop_first: 'the stop before T1',
    expiry: 'expiry with neither',
  };
  const [top, ...rest] = [...OUTCOME_CLASSES].sort((a, b) => p[b] - p[a]);
  const first = top as OutcomeClass;
  const lead = p[first] > 0.5 ? 'the likely outcome' : 'the most likely outcome';
  return `If the entry fills, ${words[first]} is ${lead} (${pct(p[first])}); ${rest
    .map((k) => `${words[k]} ${pct(p[k])}`)
    .join(', ')}.`;
}
