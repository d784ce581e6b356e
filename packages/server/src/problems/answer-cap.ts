import { ProblemError } from './problem-error.js';

/**
 * The most values one answer of a time-series analytics endpoint may hold (technical: tickers × output
 * columns × bars in each window; microstructure: tickers × 8 estimators × bars). Formatting dominates
 * at ~0.3 µs and ~21 bytes a value, so the largest legal answer is ~21 MB and ~0.5 s of one worker
 * thread (ADR 0061). Larger pulls are paginated by window or split by ticker.
 */
export const MAX_ANSWER_VALUES = 1_000_000;

const n = (x: number) => x.toLocaleString('en-US');

/** The part of a cap's 422 that says what was counted and how to ask for less. */
export interface CapCount {
  /** What the request asks for. */
  readonly count: number;
  readonly max: number;
  /** What is counted, plural: `values`, `bars`, `news items`. */
  readonly unit: string;
  /** How the count is made, e.g. `tickers × output columns × bars`. */
  readonly formula: string;
  /** The request's own factors, e.g. `3 tickers with 7,560 bars in their windows × 39 output columns`. */
  readonly factors: string;
  /** What to request instead. */
  readonly paginate: string;
}

/**
 * Refuses, before anything is computed, a request whose answer would hold more than `max` values: a
 * 422 `validation_failed` naming the cap, the request's count and how to paginate.
 */
export function enforceAnswerCap(c: CapCount): void {
  if (c.count <= c.max) return;
  throw new ProblemError(
    'validation_failed',
    `This request asks for ${n(c.count)} ${c.unit} (${c.factors}); one request may ask for at most ${n(c.max)}. Paginate: ${c.paginate}, and request the rest separately.`,
    {
      extras: {
        errors: [{ pointer: '/query', detail: `${c.formula} is ${n(c.count)}; at most ${n(c.max)}` }],
      },
    },
  );
}

/** `1 ticker` / `3 tickers`. */
export const plural = (count: number, noun: string) => `${n(count)} ${noun}${count === 1 ? '' : 's'}`;
