import type { SignalFeatures } from '../features.js';
import type { LongPlan, SetupId } from '../types.js';

/**
 * A named setup: rules in long terms, evaluated at bar t with data through t only (t is the previous
 * session's close when publishing). Shorts run the same rules on the mirrored series.
 */
export interface Setup {
  readonly id: SetupId;
  readonly name: string;
  /** Sessions after publication during which the card is live (entry and targets). */
  readonly expiryBars: number;
  detect(f: SignalFeatures, t: number): LongPlan | undefined;
}

/** Value of a feature at t; NaN (warm-up) fails every comparison, so no setup fires on it. */
export const at = (x: Float64Array, t: number): number =>
  t >= 0 && t < x.length ? (x[t] as number) : Number.NaN;

/** T1 at a structure level when it lies far enough away, else at `minR`; T2 at `t2R` or beyond T1. */
export function targets(
  mid: number,
  risk: number,
  structure: number | undefined,
  minR = 1.5,
  t2R = 3,
): { t1: number; t2: number } {
  const byR = mid + minR * risk;
  const t1 = structure !== undefined && structure >= byR ? structure : byR;
  return { t1, t2: Math.max(mid + t2R * risk, t1 + risk) };
}
