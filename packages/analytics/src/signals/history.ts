import { type CalibrationSample, calibrationFeatures } from './calibration.js';
import type { EvidenceContext } from './evidence.js';
import { type CardOutcome, evaluateOutcome } from './outcome.js';
import { type ScanInput, type SignalCandidate, scanAt } from './scan.js';

/** A past candidate with its resolved outcome; `resolved_bar` is the bar at which it was known. */
export interface ResolvedCandidate {
  readonly candidate: SignalCandidate;
  readonly outcome: CardOutcome;
  readonly resolved_bar: number;
}

export interface HistoryOptions {
  /** First and last bar to scan (default: the whole series). */
  readonly from?: number;
  readonly to?: number;
  /** A setup firing again in the same direction within this many bars is the same signal (default 5). */
  readonly dedupeBars?: number;
  readonly context?: EvidenceContext;
  /** The candidates at bar t (default: every built-in setup, `scanAt`); a custom setup's own scan. */
  readonly scan?: (input: ScanInput, t: number, context?: EvidenceContext) => SignalCandidate[];
}

/**
 * Every candidate of the series whose outcome is known within it: scanned at bar t with data through t,
 * evaluated on bars t+1 … (the next sessions). Candidates still open at the end are left out; entries
 * that never filled are kept (with outcome 'unfilled') but carry no calibration label.
 */
export function resolvedHistory(input: ScanInput, options: HistoryOptions = {}): ResolvedCandidate[] {
  const bars = input.long.bars;
  const n = bars.close.length;
  const from = Math.max(options.from ?? 0, 0);
  const to = Math.min(options.to ?? n - 2, n - 2);
  const dedupe = options.dedupeBars ?? 5;
  const lastFired = new Map<string, number>();
  const out: ResolvedCandidate[] = [];
  const scan = options.scan ?? scanAt;
  for (let t = from; t <= to; t++) {
    for (const c of scan(input, t, options.context)) {
      const key = `${c.setup}:${c.direction}`;
      const last = lastFired.get(key);
      lastFired.set(key, t);
      if (last !== undefined && t - last <= dedupe) continue;
      const outcome = evaluateOutcome(c.levels, bars, t + 1, c.expiry_bars);
      if (outcome.open || outcome.outcome_bar === null) continue;
      out.push({ candidate: c, outcome, resolved_bar: t + 1 + outcome.outcome_bar });
    }
  }
  return out;
}

/** Calibration samples (filled cards only) from resolved history. */
export function calibrationSamples(history: readonly ResolvedCandidate[]): CalibrationSample[] {
  const out: CalibrationSample[] = [];
  for (const h of history) {
    if (h.outcome.t1_before_stop === null) continue;
    const x = calibrationFeatures(h.candidate);
    if (!x.every(Number.isFinite)) continue;
    out.push({ x, y: h.outcome.t1_before_stop ? 1 : 0 });
  }
  return out;
}
