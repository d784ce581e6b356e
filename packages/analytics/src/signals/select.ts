import { type CalibrationModel, calibrationFeatures, predictConviction } from './calibration.js';
import type { SignalCandidate } from './scan.js';

export interface TickerCandidate {
  readonly ticker: string;
  readonly candidate: SignalCandidate;
}

export interface SelectedCard extends TickerCandidate {
  /** Calibrated probability that T1 comes before the stop. */
  readonly conviction: number;
  /** Expected result at T1 in R: p·R₁ − (1 − p). */
  readonly edge: number;
}

/**
 * A session's cards from its candidates: conviction from the model, ranked by expected R at T1 then
 * conviction (`edge`, the default) or by conviction then expected R (`conviction`), then ticker and
 * setup, so the order is total, at most one card per ticker, `perSession` cards.
 * Publication and the backtest both choose through this function.
 */
export function selectCards(
  candidates: readonly TickerCandidate[],
  model: CalibrationModel,
  perSession: number,
  ranking: 'edge' | 'conviction' = 'edge',
): SelectedCard[] {
  const ranked = candidates
    .map((x) => {
      const conviction = predictConviction(model, calibrationFeatures(x.candidate));
      return { ...x, conviction, edge: conviction * x.candidate.risk_reward.t1 - (1 - conviction) };
    })
    .sort(
      (a, b) =>
        (ranking === 'edge' ? b.edge - a.edge : 0) ||
        b.conviction - a.conviction ||
        b.edge - a.edge ||
        a.ticker.localeCompare(b.ticker) ||
        a.candidate.setup.localeCompare(b.candidate.setup),
    );
  const chosen: SelectedCard[] = [];
  const seen = new Set<string>();
  for (const r of ranked) {
    if (chosen.length >= perSession) break;
    if (seen.has(r.ticker)) continue;
    seen.add(r.ticker);
    chosen.push(r);
  }
  return chosen;
}
