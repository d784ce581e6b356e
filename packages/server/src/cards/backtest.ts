import {
  brierScore,
  type CalibrationModel,
  type CalibrationSample,
  type CardOutcome,
  calibrationSamples,
  calibrationTable,
  cardCostR,
  classCalibration,
  classCounts,
  type ExpectedRModel,
  type ExpectedRSample,
  evaluateOutcome,
  expectedRSamples,
  factorSeries,
  fitCalibration,
  fitExpectedRSamples,
  fitOutcomeProbabilities,
  multiclassBrier,
  type NullTicker,
  type OutcomeClass,
  type OutcomeModel,
  type OutcomeProbabilities,
  type OutcomeSample,
  outcomeClass,
  outcomeFeatures,
  outcomeModelParameters,
  outcomeSamples,
  percentileRanks,
  predictOutcomeProbabilities,
  prepareScan,
  regimeAt,
  resolvedHistory,
  type ScanInput,
  type SelectionRules,
  scanAt,
  selectCards,
  shrunkBaseRates,
  type TickerCandidate,
  type TrendRegime,
} from '@bellwether/analytics';
import type { BenchmarkChoice } from '../market/store/benchmark-resolver.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import { seriesOrIssue } from '../market/store/series-or-issue.js';
import type { DailySeries } from '../market/store/types.js';
import { cardNulls } from './card-nulls.js';
import { BOOTSTRAP_BLOCK_SESSIONS, type EdgeItem, edgeSection, expectedRReliability } from './edge-stats.js';
import type { EngineSetup } from './engine-setup.js';
import {
  type DataIssueLeftOut,
  type MarketFilterState,
  MIN_HISTORY_BARS,
  marketFilterState,
  type PublicationDeps,
} from './publish-session.js';
import { type FilledCard, referenceBooksOf } from './reference-books.js';
import { backtestUniverse } from './universe-statement.js';

export interface BacktestOptions {
  /** First and last session replayed (`YYYY-MM-DD`, inclusive). */
  readonly from: string;
  readonly to: string;
  /** Tickers (default: the publication universe). */
  readonly tickers?: readonly string[];
  /** Selection rules other than the service's (costs, floor, ranking, cards per session). */
  readonly rules?: Partial<SelectionRules>;
  readonly onProgress?: (done: number, total: number) => void;
  /** Told of every resolved card replayed, in order. */
  readonly onCard?: (card: { session: string; ticker: string; setup: string; direction: string }) => void;
  /** Reference books (#48): capital risked per card (1 %), gross cap (1), the momentum book's size (10). */
  readonly riskPerCard?: number;
  readonly maxGrossExposure?: number;
  readonly momentumTop?: number;
  /** One setup replayed alone (a built-in or a custom one, issue #47); default: every built-in setup. */
  readonly setup?: EngineSetup;
}

interface Replayed extends EdgeItem {
  readonly session: string;
  readonly ticker: string;
  readonly setup: string;
  readonly direction: string;
  readonly conviction: number;
  readonly expected_r: number;
  /** The setup's hit rate in the training data the model was fitted on (the base-rate forecast). */
  readonly setupBaseRate: number;
  readonly outcome: CardOutcome;
  /** P(T1 first), P(stop first), P(expiry) of the filled card, and its setup's class rates (ADR 0094). */
  readonly probabilities: OutcomeProbabilities;
  readonly setupClassRates: OutcomeProbabilities;
}

interface Loaded {
  readonly ticker: string;
  readonly series: DailySeries;
  readonly input: ScanInput;
  readonly index: Map<string, number>;
  /** The cross-sectional factor's score at every bar (only with `rules.crossSection`; ADR 0093). */
  readonly factor: Float64Array | undefined;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * One resolved candidate as the monthly refits learn from it: the session its outcome was known, its
 * setup and T1 result (base rates), and its calibration and expected-R samples. Kept instead of the
 * candidate whole (levels, evidence, outcome): over the S&P 500's 16 years those are hundreds of
 * thousands of object trees, and the refits read only these (ADR 0091).
 */
interface TrainingItem {
  readonly resolved: string;
  readonly setup: string;
  readonly t1: boolean | null;
  /** How the filled candidate ended (ADR 0094); null when it never filled. */
  readonly class: OutcomeClass | null;
  readonly outcomeX: Float64Array | undefined;
  readonly calibration: CalibrationSample | undefined;
  readonly expectedR: ExpectedRSample | undefined;
}

/**
 * Replays publication and outcome tracking session by session over stored history, through the same
 * functions the service uses (scanAt → selectCards → evaluateOutcome, the null model and costs), with
 * conviction and expected R refitted at the start of every month on the outcomes resolved before it.
 * Nothing is written.
 */
export async function runBacktest(deps: PublicationDeps, options: BacktestOptions) {
  const now = deps.now();
  const rules: SelectionRules = {
    ...deps.cards,
    ...(options.setup?.maxPerSession === undefined ? {} : { perSession: options.setup.maxPerSession }),
    ...options.rules,
  };
  const scan = options.setup?.scan ?? scanAt;
  // Point-in-time universe (ADR 0088): a ticker counts only on the days it was a member.
  const membership = await deps.storage.universeMembership.load();
  const instruments = (await deps.market.listInstruments()).filter(
    (i) =>
      i.active &&
      i.asset_class !== 'index' &&
      (options.tickers ?? deps.cards.universe ?? [i.ticker]).includes(i.ticker) &&
      membership.isMemberDuring(i.ticker, options.from, options.to),
  );
  const loaded: Loaded[] = [];
  const history: TrainingItem[] = [];
  const dataIssues: DataIssueLeftOut[] = [];
  for (const instrument of instruments) {
    const series = await seriesOrIssue(deps.market, instrument.ticker, {
      asOf: now,
      adjustment: 'split_div',
    });
    if (series instanceof DataIssueError) {
      // One ticker's bad row loses that ticker, by name, never the backtest (ADR 0080).
      dataIssues.push({ ticker: instrument.ticker, reason: series.message });
      continue;
    }
    if (series === undefined || series.dates.length < MIN_HISTORY_BARS) continue;
    const input = prepareScan(series);
    loaded.push({
      ticker: instrument.ticker,
      series,
      input,
      index: new Map(series.dates.map((d, i) => [d, i])),
      factor: rules.crossSection === undefined ? undefined : factorSeries(series, rules.crossSection.factor),
    });
    for (const item of resolvedHistory(input, { scan }))
      if (membership.isMember(instrument.ticker, series.dates[item.candidate.t] as string))
        history.push({
          resolved: series.dates[item.resolved_bar] as string,
          setup: item.candidate.setup,
          t1: item.outcome.t1_before_stop,
          class: outcomeClass(item.outcome),
          outcomeX: outcomeSamples([item])[0]?.x,
          calibration: calibrationSamples([item])[0],
          expectedR: expectedRSamples([item])[0],
        });
  }
  history.sort((a, b) => (a.resolved < b.resolved ? -1 : a.resolved > b.resolved ? 1 : 0));
  const sessions = [...new Set(loaded.flatMap((l) => l.series.dates))]
    .filter((d) => d >= options.from && d <= options.to)
    .sort();
  const { choice: marketChoice, market } = await marketRegimes(deps, now, sessions);
  const filter = marketFilterState(rules.marketFilter, market.size > 0);

  const byTicker = new Map(loaded.map((l) => [l.ticker, l.series]));
  const seriesOf = (ticker: string) => byTicker.get(ticker);
  const replayed: Replayed[] = [];
  const filledCards: FilledCard[] = []; // reference books (#48)
  let month = '';
  let models: { conviction: CalibrationModel; expectedR: ExpectedRModel } | undefined;
  let baseRates = new Map<string, number>();
  // ADR 0094: the three-way model and the setups' class rates, refitted with conviction.
  let outcomeModel: OutcomeModel | undefined;
  let classRates = new Map<string, OutcomeProbabilities>();
  const outcomeTraining: OutcomeSample[] = [];
  const setupClasses = new Map<string, Record<OutcomeClass, number>>();
  let known = 0;
  let empty = 0;
  // The training data grow with the replay: what resolved before each month's first session.
  const convictionSamples: CalibrationSample[] = [];
  const expectedRTraining: ExpectedRSample[] = [];
  const setupCounts = new Map<string, [number, number]>();
  for (const [k, session] of sessions.entries()) {
    if (session.slice(0, 7) !== month) {
      month = session.slice(0, 7);
      for (; known < history.length && (history[known]?.resolved as string) < session; known++) {
        const h = history[known] as TrainingItem;
        if (h.calibration !== undefined) convictionSamples.push(h.calibration);
        if (h.expectedR !== undefined) expectedRTraining.push(h.expectedR);
        if (h.outcomeX !== undefined && h.class !== null) {
          outcomeTraining.push({ x: h.outcomeX as Float64Array, y: h.class });
          const counts = setupClasses.get(h.setup) ?? classCounts([]);
          counts[h.class]++;
          setupClasses.set(h.setup, counts);
        }
        if (h.t1 === null) continue;
        const c = setupCounts.get(h.setup) ?? [0, 0];
        c[0]++;
        if (h.t1) c[1]++;
        setupCounts.set(h.setup, c);
      }
      models = {
        // From last month's optimum: the same model in fewer Newton passes (ADR 0091).
        conviction: fitCalibration(convictionSamples, undefined, models?.conviction.beta),
        expectedR: fitExpectedRSamples(expectedRTraining),
      };
      baseRates = new Map([...setupCounts].map(([setup, [n, hits]]) => [setup, hits / n]));
      outcomeModel = fitOutcomeProbabilities(
        outcomeTraining,
        outcomeModel === undefined ? {} : { start: outcomeModelParameters(outcomeModel) },
      );
      classRates = new Map([...setupClasses].map(([setup, counts]) => [setup, shrunkBaseRates(counts)]));
    }
    const candidates: TickerCandidate[] = [];
    const inputs = new Map<string, Loaded>();
    const peers: NullTicker[] = [];
    // The day's cross-sectional scores over its members, at each one's scan bar (ADR 0093).
    const scores = new Map<string, number>();
    let scanDate: string | undefined;
    for (const l of loaded) {
      const i = l.index.get(session);
      if (i === undefined || i < 1 || !membership.isMember(l.ticker, session)) continue;
      scanDate ??= l.series.dates[i - 1];
      inputs.set(l.ticker, l);
      peers.push({ ticker: l.ticker, bars: l.series, t: i - 1 });
      if (l.factor !== undefined) scores.set(l.ticker, l.factor[i - 1] as number);
      for (const candidate of scan(l.input, i - 1)) candidates.push({ ticker: l.ticker, candidate });
    }
    if (rules.crossSection !== undefined) {
      const ranks = percentileRanks(scores);
      for (const [k, c] of candidates.entries()) {
        const rank = ranks.get(c.ticker);
        if (rank !== undefined) candidates[k] = { ...c, rank };
      }
    }
    const chosen = selectCards(
      candidates,
      models as NonNullable<typeof models>,
      rules,
      scanDate === undefined ? undefined : market.get(scanDate),
    ).cards;
    if (chosen.length === 0) empty++;
    for (const c of chosen) {
      const l = inputs.get(c.ticker) as Loaded;
      const { levels, t, expiry_bars } = c.candidate;
      const outcome = evaluateOutcome(levels, l.series, t + 1, expiry_bars);
      if (outcome.open) continue;
      const cost = outcome.fill_price === null ? null : cardCostR(levels, rules.costBps);
      const seed = `${session}|${c.ticker}|${c.candidate.setup}|${c.candidate.direction}`;
      // #48 (ADR 0089): cross-ticker and same-ticker nulls, drift-adjusted R — see card-nulls.ts.
      const nulls = cardNulls(
        levels,
        { ticker: c.ticker, bars: l.series, t },
        outcome,
        peers,
        seriesOf,
        expiry_bars,
        seed,
        rules.costBps,
      );
      const filled = outcome.t1_before_stop !== null && outcome.r_multiple !== null;
      options.onCard?.({
        session,
        ticker: c.ticker,
        setup: c.candidate.setup,
        direction: c.candidate.direction,
      });
      // --- reference books (#48): the filled card as the cards book trades it ---
      if (
        filled &&
        outcome.fill_bar !== null &&
        outcome.outcome_bar !== null &&
        outcome.fill_price !== null
      ) {
        const at = l.index.get(session) as number;
        filledCards.push({
          ticker: c.ticker,
          levels,
          fill_date: l.series.dates[at + outcome.fill_bar] as string,
          exit_date: l.series.dates[at + outcome.outcome_bar] as string,
          fill_price: outcome.fill_price,
          r_multiple: outcome.r_multiple as number,
          cost_r: cost ?? 0,
        });
      }
      // --- end reference books ---
      replayed.push({
        session,
        ticker: c.ticker,
        setup: c.candidate.setup,
        direction: c.candidate.direction,
        conviction: c.conviction,
        expected_r: c.expected_r,
        setupBaseRate:
          baseRates.get(c.candidate.setup) ??
          models?.conviction.base_rate ??
          1 / (1 + c.candidate.risk_reward.t1),
        outcome,
        probabilities: predictOutcomeProbabilities(
          outcomeModel as OutcomeModel,
          outcomeFeatures(c.candidate),
        ),
        setupClassRates: classRates.get(c.candidate.setup) ?? (outcomeModel as OutcomeModel).base_rates,
        block: Math.floor(k / BOOTSTRAP_BLOCK_SESSIONS),
        filled,
        t1_before_stop: outcome.t1_before_stop,
        r: outcome.r_multiple,
        r_net: filled && cost !== null ? (outcome.r_multiple as number) - cost : null,
        ...nulls,
      });
    }
    options.onProgress?.(k + 1, sessions.length);
  }
  const firsts = loaded.map((l) => l.series.dates[0] as string).sort();
  const lasts = loaded.map((l) => l.series.dates.at(-1) as string).sort();
  const coverage = loaded.length === 0 ? null : { from: firsts[0] as string, to: lasts.at(-1) as string };
  return {
    ...report(
      options,
      rules,
      { choice: marketChoice, filter },
      loaded.length,
      sessions.length,
      empty,
      replayed,
    ),
    data_covers: coverage,
    /** Which universe the figures used, and the survivorship that remains (ADR 0088). */
    universe: backtestUniverse(membership, sessions[0] ?? options.from, loaded, options, deps.cards.universe),
    /** Tickers left out because their stored data cannot be served, each with the reason. */
    data_issues: dataIssues,
    /** The cards as a book beside equal weight and 12-1 momentum of the same tickers and sessions (#48). */
    books: referenceBooksOf(
      loaded.map((l) => l.series),
      filledCards,
      options.from,
      options.to,
      {
        costBps: rules.costBps,
        ...(options.riskPerCard === undefined ? {} : { riskPerCard: options.riskPerCard }),
        ...(options.maxGrossExposure === undefined ? {} : { maxGrossExposure: options.maxGrossExposure }),
        ...(options.momentumTop === undefined ? {} : { momentumTop: options.momentumTop }),
      },
    ),
  };
}

/**
 * The market's trend regime on each of its dates: the one resolver's market series (ADR 0081) for the
 * replay's last session; none (an empty map, the filter off) without one.
 */
async function marketRegimes(
  deps: PublicationDeps,
  now: Date,
  sessions: readonly string[],
): Promise<{ choice: BenchmarkChoice; market: Map<string, TrendRegime> }> {
  // The scan of a session reads the bar before it: the market series must reach the one before the last.
  const through = sessions.at(-2) ?? sessions.at(-1);
  const { choice, series } = await deps.benchmarks.resolve({ asOf: now, adjustment: 'split_div' }, through);
  if (series === undefined || series.dates.length === 0) return { choice, market: new Map() };
  const f = prepareScan(series).long;
  return { choice, market: new Map(series.dates.map((d, i) => [d, regimeAt(f, i)])) };
}

function report(
  options: BacktestOptions,
  rules: SelectionRules,
  market: { readonly choice: BenchmarkChoice; readonly filter: MarketFilterState },
  tickers: number,
  sessions: number,
  empty: number,
  replayed: readonly Replayed[],
) {
  const filled = replayed.filter((r) => r.outcome.t1_before_stop !== null);
  const y = filled.map((r) => (r.outcome.t1_before_stop ? 1 : 0) as 0 | 1);
  const p = filled.map((r) => r.conviction);
  const seed = `${options.from}|${options.to}`;
  return {
    from: options.from,
    to: options.to,
    tickers,
    sessions,
    sessions_without_cards: empty,
    rules: {
      cards_per_session: rules.perSession,
      ranking: rules.ranking,
      cost_bps_per_side: rules.costBps,
      min_expected_r: rules.minExpectedR,
      // Cross-sectional selection (ADR 0093): null when off.
      cross_section:
        rules.crossSection === undefined
          ? null
          : { factor: rules.crossSection.factor, keep_top_fraction: rules.crossSection.keepTopFraction },
      // As applied: never on without a market series (ADR 0081).
      market_filter: market.filter,
    },
    market: market.choice,
    cards: replayed.length,
    filled: filled.length,
    brier:
      filled.length === 0
        ? null
        : {
            conviction: r4(brierScore(p, y)),
            setup_base_rate: r4(
              brierScore(
                filled.map((r) => r.setupBaseRate),
                y,
              ),
            ),
          },
    calibration: calibrationTable(p, y).map((row) => ({
      ...row,
      predicted: row.predicted === null ? null : r4(row.predicted),
      realised: row.realised === null ? null : r4(row.realised),
    })),
    outcome_probabilities: outcomeProbabilitiesReport(replayed),
    expected_r_reliability: expectedRReliability(replayed),
    // overall, by_setup (with edge_kind), by_direction, by_conviction, by_setup_direction, groups_tested (#48, ADR 0089, 0093)
    ...edgeSection(
      replayed,
      {
        setup: (r) => r.setup,
        direction: (r) => r.direction,
        conviction: (r) => r.conviction,
        setupDirection: (r) => `${r.setup} ${r.direction}`,
      },
      seed,
    ),
  };
}

/**
 * The three-way forecast of filled cards (ADR 0094) against what happened: per class, fixed 0.1 buckets
 * with cards, predicted and realised, each bucket of ≥ 100 cards flagged within 5 points or not; and the
 * multiclass Brier of the model beside the setups' class rates fitted on the same earlier outcomes.
 */
function outcomeProbabilitiesReport(replayed: readonly Replayed[]) {
  const filled: { p: OutcomeProbabilities; base: OutcomeProbabilities; y: OutcomeClass }[] = [];
  for (const r of replayed) {
    const y = outcomeClass(r.outcome);
    if (y !== null) filled.push({ p: r.probabilities, base: r.setupClassRates, y });
  }
  const ys = filled.map((f) => f.y);
  const calibration = classCalibration(
    filled.map((f) => f.p),
    ys,
  );
  const rows = Object.values(calibration).flat();
  const checked = rows.filter((b) => b.within_tolerance !== null);
  const round = (b: (typeof rows)[number]) => ({
    ...b,
    predicted: b.predicted === null ? null : r4(b.predicted),
    realised: b.realised === null ? null : r4(b.realised),
  });
  return {
    filled: filled.length,
    realised: filled.length === 0 ? null : classCounts(ys),
    brier:
      filled.length === 0
        ? null
        : {
            model: r4(
              multiclassBrier(
                filled.map((f) => f.p),
                ys,
              ),
            ),
            setup_base_rates: r4(
              multiclassBrier(
                filled.map((f) => f.base),
                ys,
              ),
            ),
          },
    tolerance: 0.05,
    min_bucket_cards: 100,
    buckets_checked: checked.length,
    buckets_within: checked.filter((b) => b.within_tolerance === true).length,
    calibration: {
      t1_first: calibration.t1_first.map(round),
      stop_first: calibration.stop_first.map(round),
      expiry: calibration.expiry.map(round),
    },
  };
}
