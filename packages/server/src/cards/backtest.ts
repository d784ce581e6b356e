import {
  brierScore,
  CARD_RECALIBRATION,
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
  fitRecalibrationBefore,
  identityRecalibration,
  type JudgedForecast,
  multiclassBrier,
  type NullTicker,
  type OutcomeClass,
  type OutcomeModel,
  type OutcomeProbabilities,
  type OutcomeRecalibration,
  type OutcomeSample,
  outcomeClass,
  outcomeFeatures,
  outcomeModelParameters,
  outcomeSamples,
  percentileRanks,
  predictOutcomeProbabilities,
  prepareScan,
  type RecalibrationFitOptions,
  recalibrate,
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
import {
  Membership,
  type MembershipInterval,
  marketSeriesLeftOut,
  withMarketSeriesLeftOut,
} from '../market/universe/membership.js';
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
  /** Only candidates of these setups are replayed (default: every built-in setup). */
  readonly setups?: readonly string[];
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
  /**
   * P(T1 first), P(stop first), P(expiry) of the filled card as published — the model's forecast, with no
   * calibration map (ADR 0098's addendum) — and its setup's class rates (ADR 0094).
   */
  readonly probabilities: OutcomeProbabilities;
  /** The same forecast through each map of MAP_VARIANTS: research, reported beside it. */
  readonly variantProbabilities: readonly OutcomeProbabilities[];
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

interface MapVariant {
  readonly name: string;
  readonly options: RecalibrationFitOptions;
}
/**
 * The calibration maps the replay fits each month (ADR 0098), reported beside the model's own forecasts,
 * which are what the cards carry: none of them held up on the held-out years (ADR 0098's addendum).
 */
const MAP_VARIANTS: readonly MapVariant[] = [
  { name: 'matrix, last 24 months, penalty 50', options: CARD_RECALIBRATION },
  { name: 'matrix, all judged', options: { kind: 'matrix' } },
  { name: 'matrix, last 36 months', options: { kind: 'matrix', windowMonths: 36 } },
  { name: 'temperature, last 36 months', options: { kind: 'temperature', windowMonths: 36 } },
  { name: 'bias, last 36 months', options: { kind: 'bias', windowMonths: 36 } },
  { name: 'bias, last 12 months', options: { kind: 'bias', windowMonths: 12 } },
];

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
  return replayBacktest(await loadBacktest(deps, options), options);
}

/**
 * What a replay reads from storage, as plain data (it crosses to a worker thread for a backtest job,
 * ADR 0101): the tickers' series, the membership intervals and the market series. Nothing is computed
 * here but which tickers and sessions are in range.
 */
export interface BacktestData {
  readonly cards: PublicationDeps['cards'];
  readonly membership: { readonly intervals: readonly MembershipInterval[]; readonly source: string | null };
  readonly series: readonly DailySeries[];
  readonly dataIssues: readonly DataIssueLeftOut[];
  readonly market: { readonly choice: BenchmarkChoice; readonly series: DailySeries | undefined };
  /** The market series left out of the candidates for want of membership intervals (ADR 0099). */
  readonly marketLeftOut: readonly string[];
}

/** The tickers a replay would load and the sessions it would replay (the size of a job, ADR 0101). */
async function backtestScope(deps: PublicationDeps, options: BacktestOptions) {
  const membership = await deps.storage.universeMembership.load();
  const listed = await deps.market.listInstruments();
  // The market series without intervals is the market, never a candidate (ADR 0099).
  const marketLeftOut = marketSeriesLeftOut(
    membership,
    listed.filter((i) => i.active).map((i) => i.ticker),
    deps.benchmarks.marketSeries,
  );
  const instruments = listed.filter(
    (i) =>
      i.active &&
      i.asset_class !== 'index' &&
      !marketLeftOut.includes(i.ticker) &&
      (options.tickers ?? deps.cards.universe ?? [i.ticker]).includes(i.ticker) &&
      membership.isMemberDuring(i.ticker, options.from, options.to),
  );
  return { membership, instruments, marketLeftOut };
}

/** Reads what `replayBacktest` needs: the I/O half of `runBacktest`. */
export async function loadBacktest(deps: PublicationDeps, options: BacktestOptions): Promise<BacktestData> {
  const now = deps.now();
  // Point-in-time universe (ADR 0088): a ticker counts only on the days it was a member.
  const { membership, instruments, marketLeftOut } = await backtestScope(deps, options);
  const series: DailySeries[] = [];
  const dataIssues: DataIssueLeftOut[] = [];
  for (const instrument of instruments) {
    const s = await seriesOrIssue(deps.market, instrument.ticker, { asOf: now, adjustment: 'split_div' });
    if (s instanceof DataIssueError) {
      // One ticker's bad row loses that ticker, by name, never the backtest (ADR 0080).
      dataIssues.push({ ticker: instrument.ticker, reason: s.message });
      continue;
    }
    if (s === undefined || s.dates.length < MIN_HISTORY_BARS) continue;
    series.push(s);
  }
  const sessions = sessionsOf(series, options);
  // The scan of a session reads the bar before it: the market series must reach the one before the last.
  const through = sessions.at(-2) ?? sessions.at(-1);
  const market = await deps.benchmarks.resolve({ asOf: now, adjustment: 'split_div' }, through);
  return {
    cards: deps.cards,
    membership: { intervals: membership.intervals, source: membership.source },
    series,
    dataIssues,
    market: { choice: market.choice, series: market.series },
    marketLeftOut,
  };
}

const sessionsOf = (series: readonly DailySeries[], options: BacktestOptions) =>
  [...new Set(series.flatMap((s) => s.dates))].filter((d) => d >= options.from && d <= options.to).sort();

/** The computing half of `runBacktest`: pure over `data` (a backtest job runs it on a worker thread). */
export function replayBacktest(data: BacktestData, options: BacktestOptions) {
  const rules: SelectionRules = {
    ...data.cards,
    ...(options.setup?.maxPerSession === undefined ? {} : { perSession: options.setup.maxPerSession }),
    ...options.rules,
  };
  const membership = new Membership(data.membership.intervals, data.membership.source);
  // One setup alone (ADR 0100, 0101): a compiled engine setup (the CLI, in process), or built-in setups by
  // name (a job's options cross to a worker thread as data). Either narrows the history the models learn
  // from as well as the candidates, so the CLI's `--setup` and the API's `setup` replay the same thing.
  const only = options.setups === undefined ? undefined : new Set<string>(options.setups);
  const scan: EngineSetup['scan'] =
    options.setup?.scan ??
    (only === undefined
      ? scanAt
      : (input, t, context) => scanAt(input, t, context).filter((c) => only.has(c.setup)));
  const loaded: Loaded[] = [];
  const history: TrainingItem[] = [];
  const dataIssues = [...data.dataIssues];
  for (const series of data.series) {
    const input = prepareScan(series);
    loaded.push({
      ticker: series.ticker,
      series,
      input,
      index: new Map(series.dates.map((d, i) => [d, i])),
      factor: rules.crossSection === undefined ? undefined : factorSeries(series, rules.crossSection.factor),
    });
    for (const item of resolvedHistory(input, { scan }))
      if (membership.isMember(series.ticker, series.dates[item.candidate.t] as string))
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
  const sessions = sessionsOf(data.series, options);
  const { choice: marketChoice, market } = marketRegimes(data.market);
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
  // ADR 0098: the calibration maps, refitted each month on the published cards' own forecasts judged
  // before it (the model's out-of-sample forecasts and how those cards ended).
  const judged: JudgedForecast[] = [];
  let awaiting: JudgedForecast[] = [];
  let maps: OutcomeRecalibration[] = MAP_VARIANTS.map((v) => identityRecalibration(v.options.kind));
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
      judged.push(...awaiting.filter((f) => f.resolved < session));
      awaiting = awaiting.filter((f) => f.resolved >= session);
      maps = MAP_VARIANTS.map((v) => fitRecalibrationBefore(judged, session, v.options));
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
      const modelProbabilities = predictOutcomeProbabilities(
        outcomeModel as OutcomeModel,
        outcomeFeatures(c.candidate),
      );
      const y = outcomeClass(outcome);
      if (y !== null && outcome.outcome_bar !== null)
        awaiting.push({
          p: modelProbabilities,
          y,
          resolved: l.series.dates[(l.index.get(session) as number) + outcome.outcome_bar] as string,
        });
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
        probabilities: modelProbabilities,
        variantProbabilities: maps.map((m) => recalibrate(m, modelProbabilities)),
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
    universe: withMarketSeriesLeftOut(
      backtestUniverse(membership, sessions[0] ?? options.from, loaded, options, data.cards.universe),
      data.marketLeftOut,
    ),
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

/** The market's trend regime on each date of the one resolver's series (ADR 0081); none without one. */
function marketRegimes(market: BacktestData['market']): {
  choice: BenchmarkChoice;
  market: Map<string, TrendRegime>;
} {
  const { choice, series } = market;
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
  const shipped = forecastReport(replayed, (r) => r.probabilities);
  const summary = (f: (r: Replayed) => OutcomeProbabilities) => {
    const { brier, buckets_checked, buckets_within, calibration } = forecastReport(replayed, f);
    const misses = Object.entries(calibration).flatMap(([k, rows]) =>
      rows
        .filter((b) => b.within_tolerance === false)
        .map((b) => ({
          class: k,
          from: b.from,
          cards: b.count,
          gap: r4((b.predicted as number) - (b.realised as number)),
        })),
    );
    return { brier: brier?.model ?? null, buckets_checked, buckets_within, misses };
  };
  return {
    ...shipped,
    /**
     * ADR 0098 and its addendum: the figures above are of the published forecasts (the model's, with no
     * map); the same cards' forecasts through each calibration map fitted each month on earlier cards'
     * judged forecasts, for comparison.
     */
    recalibration: {
      map: 'none',
      alternatives: MAP_VARIANTS.map((v, i) => ({
        map: v.name,
        ...summary((r) => r.variantProbabilities[i] as OutcomeProbabilities),
      })),
    },
  };
}

function forecastReport(replayed: readonly Replayed[], forecast: (r: Replayed) => OutcomeProbabilities) {
  const filled: { p: OutcomeProbabilities; base: OutcomeProbabilities; y: OutcomeClass }[] = [];
  for (const r of replayed) {
    const y = outcomeClass(r.outcome);
    if (y !== null) filled.push({ p: forecast(r), base: r.setupClassRates, y });
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
