import { type CalibrationModel, calibrationFeatures, predictConviction } from './calibration.js';
import { type CrossSectionRule, passesCrossSection } from './cross-section/factors.js';
import { type ExpectedRModel, predictExpectedR } from './expected-r.js';
import type { SignalCandidate } from './scan.js';
import type { TrendRegime } from './trend-regime.js';

export interface TickerCandidate {
  readonly ticker: string;
  readonly candidate: SignalCandidate;
  /**
   * The ticker's percentile rank (0–1) on the rule's cross-sectional factor among the session's members,
   * at the scan bar (issue #48); read only when the rules carry `crossSection`.
   */
  readonly rank?: number;
}

export interface SelectedCard extends TickerCandidate {
  /** Calibrated probability that T1 comes before the stop. */
  readonly conviction: number;
  /** Expected R of the card once filled, net of costs (see expected-r.ts). */
  readonly expected_r: number;
}

export interface SelectionRules {
  readonly perSession: number;
  /** `edge` ranks by expected R net of costs, then conviction; `conviction` the other way round. */
  readonly ranking: 'edge' | 'conviction';
  /** No card whose expected R net of costs is below this is chosen. */
  readonly minExpectedR: number;
  /** Commission and slippage per side, in basis points of the price. */
  readonly costBps: number;
  /**
   * Trade with the market, not against it: shorts only while the market (the benchmark) is in a
   * downtrend, longs only while it is not, by the one trend classifier (docs/signals/edge.md: shorts
   * against a rising or sideways market lost on the development years).
   */
  readonly marketFilter: boolean;
  /**
   * Cross-sectional selection (issue #48, ADR 0093): keep a long only when its ticker ranks in the top
   * `keepTopFraction` of the session's members on `factor`, a short only in the bottom (a ticker without a
   * rank is left out). Off (absent) by default; the evidence is docs/signals/research/setups-at-breadth-2000-2012.md.
   */
  readonly crossSection?: CrossSectionRule;
}

export interface Selection {
  readonly cards: SelectedCard[];
  /** Candidates left out for trading against the market's trend. */
  readonly against_market: number;
  /** Candidates left out by the cross-sectional rule (0 without one). */
  readonly outside_cross_section: number;
  /** Candidates left out by the expected-R floor, and the best expected R among them. */
  readonly below_floor: number;
  readonly best_below_floor: number | null;
}

/**
 * A session's cards from its candidates: those against the market's trend dropped (`marketFilter`, with
 * `market` the benchmark's regime at the scan bar), those outside the cross-sectional rule dropped (`crossSection`), conviction and expected R from the models (fitted on
 * earlier outcomes only), candidates under the expected-R floor dropped, ranked (see `ranking`; then ticker and
 * setup, so the order is total), at most one card per ticker, `perSession` cards. Publication and the
 * backtest both choose through this function.
 */
export function selectCards(
  candidates: readonly TickerCandidate[],
  models: { readonly conviction: CalibrationModel; readonly expectedR: ExpectedRModel },
  rules: SelectionRules,
  market?: TrendRegime,
): Selection {
  // Shorts only in a falling market, longs in any but a falling one; no benchmark, no filter.
  const against = (c: TickerCandidate) =>
    rules.marketFilter &&
    market !== undefined &&
    (c.candidate.direction === 'short' ? market !== 'downtrend' : market === 'downtrend');
  const cross = rules.crossSection;
  const withMarket = candidates.filter((c) => !against(c));
  const eligible =
    cross === undefined
      ? withMarket
      : withMarket.filter((c) => passesCrossSection(cross, c.candidate.direction, c.rank));
  const scored = eligible.map((x) => ({
    ...x,
    conviction: predictConviction(models.conviction, calibrationFeatures(x.candidate)),
    expected_r: predictExpectedR(models.expectedR, x.candidate, rules.costBps),
  }));
  const kept = scored.filter((x) => x.expected_r >= rules.minExpectedR);
  const dropped = scored.filter((x) => !(x.expected_r >= rules.minExpectedR));
  const ranked = kept.sort(
    (a, b) =>
      (rules.ranking === 'edge' ? b.expected_r - a.expected_r : 0) ||
      b.conviction - a.conviction ||
      b.expected_r - a.expected_r ||
      a.ticker.localeCompare(b.ticker) ||
      a.candidate.setup.localeCompare(b.candidate.setup),
  );
  const chosen: SelectedCard[] = [];
  const seen = new Set<string>();
  for (const r of ranked) {
    if (chosen.length >= rules.perSession) break;
    if (seen.has(r.ticker)) continue;
    seen.add(r.ticker);
    chosen.push(r);
  }
  return {
    cards: chosen,
    against_market: candidates.length - withMarket.length,
    outside_cross_section: withMarket.length - eligible.length,
    below_floor: dropped.length,
    best_below_floor: dropped.length === 0 ? null : Math.max(...dropped.map((d) => d.expected_r)),
  };
}
