import type { OutcomeClass, OutcomeProbabilities } from './outcome-probabilities.js';
import { solveLinear } from './solve-linear.js';

/**
 * A calibration map on the outcome model's OWN earlier out-of-sample forecasts (issue #48, ADR 0098): the
 * forecasts it made for cards that have since resolved, beside how those cards ended. The model is fitted
 * on every resolved candidate; the cards are the few that selection publishes, and they end differently
 * from what the candidates' features say (ADR 0094: `stop_first` 0.5–0.6 over-confident by 5.7 points on
 * 2000–2012). The map corrects that, learning only from forecasts already judged.
 *
 * Matrix scaling on the log-ratios to the stop (the reference class, as in the model): with
 * l₁ = ln(p_T1 / p_stop) and l₃ = ln(p_expiry / p_stop),
 *   z₁ = l₁ + θ₀ + θ₁·l₁ + θ₂·l₃,   z₃ = l₃ + θ₃ + θ₄·l₁ + θ₅·l₃,   q = softmax(z₁, 0, z₃).
 * θ = 0 is the identity, and an L2 penalty pulls θ towards it: with few judged forecasts the map changes
 * little, with forecasts that were already calibrated it stays near the identity. `temperature` is the
 * restricted form (one shared scale, a bias per class: θ₁ = θ₅, θ₂ = θ₄ = 0); `bias` only shifts each
 * class (θ₀, θ₃).
 */
export type RecalibrationKind = 'matrix' | 'temperature' | 'bias';

export interface JudgedForecast {
  /** The forecast the model made for the card when it was published (out of sample). */
  readonly p: OutcomeProbabilities;
  /** How the filled card ended. */
  readonly y: OutcomeClass;
  /** The session the outcome was known (its close); the map may use it from the next session on. */
  readonly resolved: string;
}

export interface OutcomeRecalibration {
  readonly version: 1;
  readonly kind: RecalibrationKind;
  /** Deviations from the identity: [θ₀ … θ₅] (matrix) or [bias T1, bias expiry, scale − 1] (temperature). */
  readonly theta: readonly number[];
  readonly samples: number;
  readonly penalty: number;
}

/** The L2 penalty on θ (the outcome model's own, on the same log-likelihood scale). */
const RECALIBRATION_PENALTY = 5;
/** Forecasts are held to at least this before their logs are taken (stored ones are rounded to 0.01). */
const FLOOR = 0.005;

export function identityRecalibration(kind: RecalibrationKind = 'matrix'): OutcomeRecalibration {
  return {
    version: 1,
    kind,
    theta: kind === 'matrix' ? [0, 0, 0, 0, 0, 0] : kind === 'temperature' ? [0, 0, 0] : [0, 0],
    samples: 0,
    penalty: RECALIBRATION_PENALTY,
  };
}

function logRatios(p: OutcomeProbabilities): [number, number] {
  const a = Number.isFinite(p.t1_first) ? Math.max(FLOOR, p.t1_first) : FLOOR;
  const b = Number.isFinite(p.stop_first) ? Math.max(FLOOR, p.stop_first) : FLOOR;
  const c = Number.isFinite(p.expiry) ? Math.max(FLOOR, p.expiry) : FLOOR;
  return [Math.log(a / b), Math.log(c / b)];
}

/** ∂z₁/∂θ and ∂z₃/∂θ for one forecast (the logits are linear in θ). */
function jacobian(kind: RecalibrationKind, l1: number, l3: number): [number[], number[]] {
  return kind === 'matrix'
    ? [
        [1, l1, l3, 0, 0, 0],
        [0, 0, 0, 1, l1, l3],
      ]
    : kind === 'temperature'
      ? [
          [1, 0, l1],
          [0, 1, l3],
        ]
      : [
          [1, 0],
          [0, 1],
        ];
}

function softmax3(z1: number, z3: number): [number, number, number] {
  const m = Math.max(z1, 0, z3);
  const a = Math.exp(z1 - m);
  const b = Math.exp(-m);
  const c = Math.exp(z3 - m);
  const s = a + b + c;
  return [a / s, b / s, c / s];
}

function logits(map: OutcomeRecalibration, l1: number, l3: number): [number, number] {
  const [g1, g3] = jacobian(map.kind, l1, l3);
  let z1 = l1;
  let z3 = l3;
  for (let j = 0; j < map.theta.length; j++) {
    const t = map.theta[j] as number;
    z1 += t * (g1[j] as number);
    z3 += t * (g3[j] as number);
  }
  return [z1, z3];
}

/** The recalibrated forecast: three positive probabilities that sum to 1 (never 0, never NaN). */
export function recalibrate(map: OutcomeRecalibration, p: OutcomeProbabilities): OutcomeProbabilities {
  const [l1, l3] = logRatios(p);
  const [z1, z3] = logits(map, l1, l3);
  const [a, b, c] = softmax3(z1, z3);
  if (![a, b, c].every((x) => Number.isFinite(x) && x > 0)) {
    const [i1, i2, i3] = softmax3(l1, l3);
    return { t1_first: i1, stop_first: i2, expiry: i3 };
  }
  return { t1_first: a, stop_first: b, expiry: c };
}

export interface RecalibrationFitOptions {
  readonly kind?: RecalibrationKind;
  readonly penalty?: number;
  /**
   * Only forecasts judged in the last this many months before the cut (fitRecalibrationBefore): the
   * forecaster changes as its own training data grow, and its early forecasts' errors are not today's.
   */
  readonly windowMonths?: number;
}

/**
 * The map the cards carry (ADR 0098), chosen on the development years 2000–2012 only, among six: matrix
 * scaling on the forecasts judged in the last 24 months, held near the identity by a penalty of 50 — the
 * only one of the six with every bucket of ≥ 100 cards within 5 points there.
 */
export const CARD_RECALIBRATION: RecalibrationFitOptions = { kind: 'matrix', windowMonths: 24, penalty: 50 };

/** `YYYY-MM-DD` moved back by `months` calendar months (the day kept; compared as a string). */
function monthsBefore(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 - months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}${date.slice(7)}`;
}

/**
 * Fits the map by penalised maximum likelihood (Newton's method; strictly convex with the penalty, so the
 * optimum is unique and the result deterministic). The caller passes only forecasts already judged; use
 * `fitRecalibrationBefore` to have the cut made here.
 */
export function fitOutcomeRecalibration(
  forecasts: readonly Pick<JudgedForecast, 'p' | 'y'>[],
  options: RecalibrationFitOptions = {},
): OutcomeRecalibration {
  const kind = options.kind ?? 'matrix';
  const penalty = options.penalty ?? RECALIBRATION_PENALTY;
  const identity = { ...identityRecalibration(kind), penalty };
  if (forecasts.length === 0) return identity;
  const m = identity.theta.length;
  const rows = forecasts.map((f) => {
    const [l1, l3] = logRatios(f.p);
    return {
      l1,
      l3,
      g: jacobian(kind, l1, l3),
      y1: f.y === 't1_first' ? 1 : 0,
      y3: f.y === 'expiry' ? 1 : 0,
    };
  });
  const theta = new Float64Array(m);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Float64Array(m);
    const hess = new Float64Array(m * m);
    for (const r of rows) {
      const [g1, g3] = r.g;
      let z1 = r.l1;
      let z3 = r.l3;
      for (let j = 0; j < m; j++) {
        z1 += (theta[j] as number) * (g1[j] as number);
        z3 += (theta[j] as number) * (g3[j] as number);
      }
      const [p1, , p3] = softmax3(z1, z3);
      const r1 = r.y1 - p1;
      const r3 = r.y3 - p3;
      const w11 = p1 * (1 - p1);
      const w13 = -p1 * p3;
      const w33 = p3 * (1 - p3);
      for (let i = 0; i < m; i++) {
        const a1 = g1[i] as number;
        const a3 = g3[i] as number;
        grad[i] = (grad[i] as number) + r1 * a1 + r3 * a3;
        for (let j = 0; j < m; j++) {
          const b1 = g1[j] as number;
          const b3 = g3[j] as number;
          hess[i * m + j] =
            (hess[i * m + j] as number) + w11 * a1 * b1 + w13 * (a1 * b3 + a3 * b1) + w33 * a3 * b3;
        }
      }
    }
    for (let i = 0; i < m; i++) {
      grad[i] = (grad[i] as number) - penalty * (theta[i] as number);
      hess[i * m + i] = (hess[i * m + i] as number) + penalty;
    }
    const step = solveLinear(hess, grad, m);
    let change = 0;
    for (let i = 0; i < m; i++) change = Math.max(change, Math.abs(step[i] as number));
    if (!Number.isFinite(change)) return { ...identity, samples: forecasts.length };
    const scale = change > 1 ? 1 / change : 1; // damped far from the optimum
    for (let i = 0; i < m; i++) theta[i] = (theta[i] as number) + scale * (step[i] as number);
    if (change < 1e-10) break;
  }
  if (!theta.every(Number.isFinite)) return { ...identity, samples: forecasts.length };
  return { version: 1, kind, theta: Array.from(theta), samples: forecasts.length, penalty };
}

/**
 * The map as it could be known at the start of session `before`: fitted only on forecasts whose outcome
 * was known at an earlier session's close (`resolved < before`). No forecast judged on or after `before`
 * can change it.
 */
export function fitRecalibrationBefore(
  forecasts: readonly JudgedForecast[],
  before: string,
  options: RecalibrationFitOptions = {},
): OutcomeRecalibration {
  const since = options.windowMonths === undefined ? '' : monthsBefore(before, options.windowMonths);
  return fitOutcomeRecalibration(
    forecasts.filter((f) => f.resolved < before && f.resolved >= since),
    options,
  );
}
