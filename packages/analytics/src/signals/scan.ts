import { type CardEvidence, cardEvidence, type EvidenceContext } from './evidence.js';
import { computeSignalFeatures, mirrorBars, type SignalFeatures } from './features.js';
import { cardLevels, riskReward } from './levels.js';
import { SETUPS, type Setup } from './setups/index.js';
import type { CardLevels, Direction, SignalBars } from './types.js';

/** A setup that fired at bar t, with its levels and evidence (conviction comes from calibration). */
export interface SignalCandidate {
  readonly t: number;
  /** A built-in setup's id, or a custom setup's (`custom:<id>`). */
  readonly setup: Setup['id'] | `custom:${string}`;
  readonly direction: Direction;
  readonly levels: CardLevels;
  readonly evidence: CardEvidence;
  readonly risk_reward: { readonly t1: number; readonly t2: number };
  readonly expiry_bars: number;
}

/** Features of a series and of its mirror, computed once and shared by every scan of it. */
/** A candidate of a built-in setup (what `scanAt` finds). */
export type BuiltInCandidate = SignalCandidate & { readonly setup: Setup['id'] };

export interface ScanInput {
  readonly long: SignalFeatures;
  readonly short: SignalFeatures;
}

export function prepareScan(bars: SignalBars): ScanInput {
  return { long: computeSignalFeatures(bars), short: computeSignalFeatures(mirrorBars(bars)) };
}

/**
 * Every setup, long and short, evaluated at bar t with data through t only. Evidence is always in
 * market terms (from the unmirrored features).
 */
export function scanAt(input: ScanInput, t: number, context: EvidenceContext = {}): BuiltInCandidate[] {
  const out: BuiltInCandidate[] = [];
  for (const direction of ['long', 'short'] as const) {
    const f = direction === 'long' ? input.long : input.short;
    for (const setup of SETUPS) {
      const plan = setup.detect(f, t);
      if (plan === undefined) continue;
      const levels = cardLevels(plan, direction);
      if (levels === undefined) continue;
      const rr = riskReward(levels);
      out.push({
        t,
        setup: setup.id,
        direction,
        levels,
        evidence: cardEvidence(input.long, t, plan, levels, direction, context),
        risk_reward: { t1: Math.round(rr.t1 * 10) / 10, t2: Math.round(rr.t2 * 10) / 10 },
        expiry_bars: setup.expiryBars,
      });
    }
  }
  return out;
}
