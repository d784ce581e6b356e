import { createHash } from 'node:crypto';
import {
  type CrossSectionRule,
  calibrationSamples,
  cardCostR,
  convictionLabel,
  factorSeries,
  fitCalibration,
  fitExpectedR,
  fitOutcomeProbabilities,
  type OutcomeModel,
  outcomeFeatures,
  outcomeSamples,
  outcomeSentence,
  percentileRanks,
  predictOutcomeProbabilities,
  prepareScan,
  type ResolvedCandidate,
  regimeAt,
  resolvedHistory,
  roundProbabilities,
  type SelectedCard,
  type Selection,
  type SignalCandidate,
  scanAt,
  scoreSentiment,
  selectCards,
  type TrendRegime,
  writeThesis,
} from '@bellwether/analytics';
import { iso } from '../clock/iso.js';
import type { FeedEntry } from '../db/records.js';
import type { Storage } from '../db/repositories.js';
import type { ExchangeCalendar, Session } from '../market/calendar/calendar.js';
import type { BenchmarkChoice, BenchmarkResolver } from '../market/store/benchmark-resolver.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { DailySeries, Instrument } from '../market/store/types.js';
import {
  marketSeriesLeftOut,
  type UniverseStatement,
  withMarketSeriesLeftOut,
} from '../market/universe/membership.js';
import { tickerSnapshots, withUniverse } from './feed-snapshots.js';
import { type PublishedDrift, publishedDrift } from './record-nulls.js';
import { setupStatus, thesisWithStatus } from './setup-status/setup-status.js';
import { publicationUniverseStatement, universeNote } from './universe-statement.js';

export interface PublicationDeps {
  readonly market: MarketDataRepo;
  /** The one benchmark resolver (ADR 0081): the market series of the market filter and relative strength. */
  readonly benchmarks: BenchmarkResolver;
  readonly storage: Storage;
  readonly calendar: ExchangeCalendar;
  /** The service's clock (an as-of run sees the past as now). */
  readonly now: () => Date;
  /**
   * Real time, which no as-of setting moves: a publication after its session closed by this clock is
   * late, whatever the service's clock says.
   */
  readonly wallNow: () => Date;
  readonly cards: {
    readonly perSession: number;
    readonly universe: readonly string[] | undefined;
    readonly leadMinutes: number;
    readonly ranking: 'edge' | 'conviction';
    readonly costBps: number;
    readonly minExpectedR: number;
    readonly marketFilter: boolean;
    /** Cross-sectional selection (ADR 0093); absent: off. */
    readonly crossSection?: CrossSectionRule;
  };
}

export type PublicationResult =
  | {
      readonly ok: true;
      readonly session: string;
      /** False when the session had been published already (publishing is idempotent). */
      readonly published: boolean;
      readonly cards: number;
      /** Published after the session closed (backfilled). */
      readonly late: boolean;
      /**
       * Why the session has no card, when it has none; the stale tickers it left out (never synced, or
       * behind); the market filter off for want of a market series.
       */
      readonly note: string | null;
      readonly tickers_scanned: number;
      /**
       * Tickers of the universe left out because their data do not reach the previous session (the
       * provider has not delivered it): named, never guessed at.
       */
      readonly stale: readonly string[];
      /** Of `stale`, the tickers followed (the sync's universe, the cards' universe) without any bar yet. */
      readonly never_synced: readonly string[];
      /** The market series of the market filter and relative strength, and why (ADR 0081). */
      readonly market: BenchmarkChoice;
      /**
       * The market filter as applied: `on`, `off` (the setting), or `off (no market series)` when it is set
       * but no market series reaches the previous session — never `on` without one.
       */
      readonly market_filter: MarketFilterState;
      /**
       * Tickers of the universe left out because their stored data cannot be served (a bar without a
       * usable price, an unreadable corporate action; ADR 0080), each with what is wrong and where.
       */
      readonly data_issues: readonly DataIssueLeftOut[];
      readonly data_as_of: string;
      readonly calibration_samples: number;
      /**
       * Which universe the session was drawn from (ADR 0088): point in time (its members on the session,
       * how many with data, the survivorship that remains) or static. Null when it was published already.
       */
      readonly universe: UniverseStatement | null;
    }
  | {
      readonly ok: false;
      readonly reason: 'not_a_session' | 'data_not_closed' | 'session_over' | 'no_data';
      readonly message: string;
    };

/** A ticker left out of a universe-wide run for its data, with the reason. */
export interface DataIssueLeftOut {
  readonly ticker: string;
  readonly reason: string;
}

export interface PublishOptions {
  /** The session (default: the current one). */
  readonly session?: string;
  /**
   * Publish a session that is already over: recorded as such in the ledger, every card marked
   * `published_late`, and kept out of the track record and its calibration.
   */
  readonly backfill?: boolean;
}

/** Bars of history a ticker needs before a card can be published on it (the 250-day high/low). */
export const MIN_HISTORY_BARS = 260;

/** The market filter as applied (ADR 0081): set and with a market series, set without one, or not set. */
export type MarketFilterState = 'on' | 'off' | 'off (no market series)';

/** The market filter as applied, from the setting and whether a market series exists. */
export function marketFilterState(setting: boolean, hasMarket: boolean): MarketFilterState {
  if (!setting) return 'off';
  return hasMarket ? 'on' : 'off (no market series)';
}

/**
 * Publishes the cards of one session (default: the current one) from data through the previous
 * session's close: every setup on every ticker of the universe, conviction and expected R from models
 * fitted on the outcomes those same setups had before (all resolved within the data, so before the
 * session), candidates against the market's trend and under the expected-R floor dropped, the best
 * `perSession` by expected R net of costs — at most one per ticker — stored once with their ledger entries.
 * Only before the session closes by real time, unless `backfill` (then marked late). A second call for the
 * same session, here or on another instance, changes nothing.
 */
export async function publishSession(
  deps: PublicationDeps,
  options: PublishOptions = {},
): Promise<PublicationResult> {
  const now = deps.now();
  const sessionId = options.session;
  const session =
    sessionId === undefined ? deps.calendar.currentOrNext(now) : deps.calendar.sessionOn(sessionId);
  if (session === undefined)
    return {
      ok: false,
      reason: 'not_a_session',
      message: `${sessionId} is not a trading session on ${deps.calendar.code}`,
    };
  const previous = deps.calendar.previous(session.opens_at);
  if (previous.closes_at.getTime() > now.getTime())
    return {
      ok: false,
      reason: 'data_not_closed',
      message: `session ${session.id} uses data through the close of ${previous.id} (${iso(previous.closes_at)}), which has not happened yet`,
    };
  const existing = await deps.storage.cards.getPublication(session.id);
  const dataAsOf = iso(previous.closes_at);
  const asOf = new Date(previous.closes_at.getTime() + 1000);
  // The market series (ADR 0081): the operator's, else SPY with bars through the previous session, else the index.
  const { choice: market, series: benchmark } = await deps.benchmarks.resolve(
    { asOf, adjustment: 'split_div' },
    previous.id,
  );
  const regime = marketRegime(benchmark, previous.id);
  const marketFilter = marketFilterState(deps.cards.marketFilter, regime !== undefined);
  if (existing !== undefined)
    return {
      ok: true,
      session: session.id,
      published: false,
      cards: existing.cards,
      late: existing.late,
      note: existing.note,
      tickers_scanned: 0,
      stale: [],
      never_synced: [],
      market,
      market_filter: marketFilter,
      data_issues: [],
      data_as_of: dataAsOf,
      calibration_samples: 0,
      universe: null,
    };
  // Before or during the session only, by real time: a card for a session already over would be
  // judged on a market everyone has seen.
  const wall = deps.wallNow();
  const late = wall.getTime() > session.closes_at.getTime();
  if (late && options.backfill !== true) {
    // An as-of run reads another clock; say which one judged the session over (issue #49).
    const clocks =
      Math.abs(wall.getTime() - now.getTime()) > 60_000
        ? ` by the real clock (now ${iso(wall)}; the as-of clock reads ${iso(now)}, but lateness is judged by the real clock)`
        : '';
    return {
      ok: false,
      reason: 'session_over',
      message: `session ${session.id} closed at ${iso(session.closes_at)}${clocks}: cards published now would enter the track record after the fact. Publish it with --backfill to record it as late (its cards are marked published_late and kept out of the track record).`,
    };
  }

  // Point in time (ADR 0088): only the tickers that are members on the session.
  const membership = await deps.storage.universeMembership.load();
  const instruments = await publicationUniverse(deps, session.id);
  const history: ResolvedCandidate[] = [];
  const today: { instrument: Instrument; candidate: SignalCandidate }[] = [];
  // The institutional feed's per-ticker snapshots, written in the publication's transaction.
  const feed: FeedEntry[] = [];
  // The session's cross-sectional scores over its members at the scan bar (ADR 0093), when the rule is on.
  const scores = new Map<string, number>();
  // Each scanned ticker's drift before the session, recorded on its card (ADR 0099).
  const drifts = new Map<string, PublishedDrift>();
  let scanned = 0;
  const stale: string[] = [];
  const dataIssues: DataIssueLeftOut[] = [];
  for (const instrument of instruments) {
    let series: DailySeries | undefined;
    try {
      series = await deps.market.getDailySeries(instrument.ticker, { asOf, adjustment: 'split_div' });
    } catch (error) {
      // One ticker's bad row loses that ticker, by name, never the session.
      if (!(error instanceof DataIssueError)) throw error;
      dataIssues.push({ ticker: instrument.ticker, reason: error.message });
      continue;
    }
    // Only tickers whose data reach the previous session, with enough history for every setup.
    if (series === undefined || series.dates.at(-1) !== previous.id) {
      stale.push(instrument.ticker);
      continue;
    }
    if (series.dates.length < MIN_HISTORY_BARS) continue;
    scanned++;
    const context = benchmarkContext(series, benchmark, instrument.ticker);
    const input = prepareScan(series);
    history.push(...resolvedHistory(input, { context }));
    const t = series.dates.length - 1;
    drifts.set(instrument.ticker, publishedDrift(series.close, t, previous.id));
    if (deps.cards.crossSection !== undefined)
      scores.set(instrument.ticker, factorSeries(series, deps.cards.crossSection.factor)[t] as number);
    const sentiment = await newsSentiment(deps, instrument.ticker, asOf);
    const candidates = scanAt(input, t, sentiment === undefined ? context : { ...context, sentiment });
    for (const candidate of candidates) today.push({ instrument, candidate });
    feed.push(
      ...tickerSnapshots({
        session: session.id,
        ticker: instrument.ticker,
        series,
        scan: input,
        market,
        ...context,
        ...(sentiment === undefined ? {} : { sentiment }),
      }),
    );
  }
  // A backfill of a session the stored data do not reach would record an empty session for good.
  if (late && scanned === 0 && stale.length + dataIssues.length === instruments.length) {
    const covers = await dataCover(deps.market, instruments, now);
    if (covers === undefined || previous.id < covers.from || previous.id > covers.to)
      return {
        ok: false,
        reason: 'no_data',
        message: `No stored bars reach ${previous.id}, the session before ${session.id}: ${
          covers === undefined ? 'no bars are stored' : `the data cover ${covers.from} … ${covers.to}`
        }. Nothing was published; backfill a session within the data.`,
      };
  }
  const model = fitCalibration(calibrationSamples(history));
  const ranks = percentileRanks(scores);
  const outcomes = fitOutcomeProbabilities(outcomeSamples(history)); // ADR 0094
  const selection = selectCards(
    today.map((x) => {
      const rank = ranks.get(x.instrument.ticker);
      return { ticker: x.instrument.ticker, candidate: x.candidate, ...(rank === undefined ? {} : { rank }) };
    }),
    { conviction: model, expectedR: fitExpectedR(history) },
    deps.cards,
    regime,
  );
  // Followed tickers without a single bar: the operator's universe before its first sync (ADR 0081).
  const neverSynced = (await neverSyncedTickers(deps, asOf, instruments)).filter((t) =>
    membership.isMember(t, session.id),
  );
  const universe = withMarketSeriesLeftOut(
    publicationUniverseStatement(membership, session.id, instruments, stale, deps.cards),
    marketSeriesLeftOut(
      membership,
      (await deps.market.listInstruments()).filter((i) => i.active).map((i) => i.ticker),
      deps.benchmarks.marketSeries,
    ),
  );
  stale.push(...neverSynced.filter((t) => !stale.includes(t)));
  stale.sort();
  const chosen = selection.cards;
  const byTicker = new Map(today.map((x) => [x.instrument.ticker, x.instrument]));
  const publishedAt = iso(now);
  const cards = chosen.map((c) => {
    const card = cardDocument(
      session,
      byTicker.get(c.ticker) as Instrument,
      c,
      deps.cards.costBps,
      publishedAt,
      dataAsOf,
      late,
      deps.calendar,
      deps.cards.crossSection?.factor ?? 'baseline',
      outcomes,
      drifts.get(c.ticker),
    );
    return { id: card.id, payload: card, published_at: publishedAt };
  });
  const note =
    [
      chosen.length > 0
        ? whyFewer(chosen.length, today, selection, deps.cards)
        : whyNone(scanned, today.length, selection, deps.cards.minExpectedR),
      leftOutNote(stale, neverSynced, previous.id),
      marketFilter === 'off (no market series)' ? `Market filter off: ${market.detail}.` : null,
      universeNote(universe),
    ]
      .filter((x): x is string => x !== null)
      .join(' ') || null;
  const published = await deps.storage.cards.publishSession(
    { session: session.id, published_at: publishedAt, data_as_of: dataAsOf, cards: cards.length, late, note },
    cards,
    withUniverse(feed, universe),
  );
  const winner = published ? undefined : await deps.storage.cards.getPublication(session.id);
  return {
    ok: true,
    session: session.id,
    published,
    cards: winner?.cards ?? cards.length,
    late: winner?.late ?? late,
    note: winner === undefined ? note : winner.note,
    tickers_scanned: scanned,
    stale,
    never_synced: neverSynced,
    market,
    market_filter: marketFilter,
    data_issues: dataIssues,
    data_as_of: dataAsOf,
    calibration_samples: model.samples,
    universe,
  };
}

/**
 * The tickers cards are drawn from (and the null model draws its random tickers from); with `day`, only
 * those that were members of the point-in-time universe on it (ADR 0088).
 */
export async function publicationUniverse(deps: PublicationDeps, day?: string): Promise<Instrument[]> {
  const all = (await deps.market.listInstruments()).filter((i) => i.active && i.asset_class !== 'index');
  const membership = day === undefined ? undefined : await deps.storage.universeMembership.load();
  const wanted = deps.cards.universe === undefined ? undefined : new Set(deps.cards.universe);
  // The market series without intervals is the market, not a member (ADR 0099).
  const market = new Set(
    membership === undefined
      ? []
      : marketSeriesLeftOut(
          membership,
          all.map((i) => i.ticker),
          deps.benchmarks.marketSeries,
        ),
  );
  return all.filter(
    (i) =>
      (wanted?.has(i.ticker) ?? true) &&
      !market.has(i.ticker) &&
      (day === undefined || membership === undefined || membership.isMember(i.ticker, day)),
  );
}

/** First and last bar of the universe's stored data known at `asOf`; undefined when there is none. */
async function dataCover(
  market: MarketDataRepo,
  instruments: readonly Instrument[],
  asOf: Date,
): Promise<{ from: string; to: string } | undefined> {
  let from: string | undefined;
  let to: string | undefined;
  for (const i of instruments) {
    const dates =
      (
        await market.getDailySeries(i.ticker, { asOf, adjustment: 'raw' }).catch((error: unknown) => {
          if (error instanceof DataIssueError) return undefined;
          throw error;
        })
      )?.dates ?? [];
    const [first] = dates;
    const last = dates.at(-1);
    if (first === undefined || last === undefined) continue;
    if (from === undefined || first < from) from = first;
    if (to === undefined || last > to) to = last;
  }
  return from === undefined || to === undefined ? undefined : { from, to };
}

/** Days of news the card evidence summarises. */
const NEWS_DAYS = 7;

/** Mean sentiment score of the ticker's news over the last NEWS_DAYS before `asOf`; undefined without news. */
async function newsSentiment(deps: PublicationDeps, ticker: string, asOf: Date) {
  const news = await deps.market.getNews(ticker, new Date(asOf.getTime() - NEWS_DAYS * 86_400_000), asOf);
  if (news.length === 0) return undefined;
  const scores = news.map(
    (n) => scoreSentiment(n.summary === undefined ? n.headline : `${n.headline}. ${n.summary}`).score,
  );
  return { mean_score: scores.reduce((a, x) => a + x, 0) / scores.length, items: scores.length };
}

/** The market's trend at the previous close (the benchmark's), when its data reach it. */
function marketRegime(benchmark: DailySeries | undefined, through: string): TrendRegime | undefined {
  if (benchmark === undefined || benchmark.dates.at(-1) !== through) return undefined;
  return regimeAt(prepareScan(benchmark).long, benchmark.dates.length - 1);
}

/** The benchmark's closes aligned with the ticker's dates (relative strength), when it has them all. */
function benchmarkContext(series: DailySeries, benchmark: DailySeries | undefined, ticker: string) {
  if (benchmark === undefined || ticker === benchmark.ticker) return {};
  const byDate = new Map(benchmark.dates.map((d, i) => [d, benchmark.close[i] as number]));
  const close = new Float64Array(series.dates.length);
  for (let i = 0; i < close.length; i++) close[i] = byDate.get(series.dates[i] as string) ?? Number.NaN;
  return { benchmark: { ticker: benchmark.ticker, close } };
}

/**
 * Tickers the publication follows that have no bar at all at `asOf`: instruments of the universe read
 * without one, and tickers the sync's universe (or BELLWETHER_CARDS_UNIVERSE) names that no sync has
 * brought yet (no instrument row). Counted as stale, never silently dropped (issue #41).
 */
async function neverSyncedTickers(
  deps: PublicationDeps,
  asOf: Date,
  instruments: readonly Instrument[],
): Promise<string[]> {
  const scanned = new Set(instruments.map((i) => i.ticker));
  const stored = new Set((await deps.market.listInstruments()).map((i) => i.ticker));
  const wanted = deps.cards.universe === undefined ? undefined : new Set(deps.cards.universe);
  const out = new Set<string>();
  for (const f of await deps.market.freshness(asOf))
    if (
      f.last_bar === null &&
      (wanted?.has(f.ticker) ?? true) &&
      (scanned.has(f.ticker) || !stored.has(f.ticker))
    )
      out.add(f.ticker);
  for (const t of deps.cards.universe ?? []) if (!stored.has(t)) out.add(t);
  return [...out].sort();
}

/** The tickers a publication left out for their data, in words (null when none). */
function leftOutNote(
  stale: readonly string[],
  neverSynced: readonly string[],
  through: string,
): string | null {
  if (stale.length === 0) return null;
  const names = (xs: readonly string[]) =>
    `${xs.slice(0, 10).join(', ')}${xs.length > 10 ? ` and ${xs.length - 10} more` : ''}`;
  const never = new Set(neverSynced);
  const behind = stale.filter((t) => !never.has(t));
  const parts = [
    neverSynced.length === 0 ? null : `${neverSynced.length} never synced (${names(neverSynced)})`,
    behind.length === 0 ? null : `${behind.length} whose data do not reach ${through} (${names(behind)})`,
  ].filter((x): x is string => x !== null);
  return `Left out ${stale.length} stale ticker${stale.length === 1 ? '' : 's'}: ${parts.join('; ')}.`;
}

/** Why a session publishes no card, in words an operator and a customer can act on. */
function whyNone(scanned: number, candidates: number, selection: Selection, floor: number): string {
  const r = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)} R`;
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  if (scanned === 0) return 'No ticker had data through the previous session with enough history to scan.';
  if (candidates === 0) return `No setup fired on the ${scanned} tickers scanned.`;
  const against =
    selection.against_market === 0
      ? ''
      : `${n(selection.against_market, 'candidate')} traded against the market's trend`;
  if (selection.below_floor === 0) return `No card: ${against} on ${n(scanned, 'ticker')}.`;
  return `No card: ${n(selection.below_floor, 'candidate')} on ${n(scanned, 'ticker')}, the best expecting ${r(selection.best_below_floor ?? Number.NaN)} net of costs, below the floor of ${r(floor)}${against === '' ? '' : `; ${against}`}.`;
}

/**
 * Why a session publishes fewer cards than it may (issue #49: "2 of 10 cards" with no word why): how many
 * candidates fired on how many tickers, and where the others went. Null when the session is full.
 */
function whyFewer(
  cards: number,
  candidates: readonly { instrument: Instrument }[],
  selection: Selection,
  rules: { readonly perSession: number; readonly minExpectedR: number },
): string | null {
  if (cards >= rules.perSession) return null;
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  const tickers = new Set(candidates.map((c) => c.instrument.ticker)).size;
  const sameTicker =
    candidates.length -
    selection.against_market -
    selection.outside_cross_section -
    selection.below_floor -
    cards;
  const floor = `${rules.minExpectedR < 0 ? '−' : ''}${Math.abs(rules.minExpectedR).toFixed(2)} R`;
  const where = [
    selection.against_market === 0 ? null : `${selection.against_market} against the market's trend`,
    selection.outside_cross_section === 0
      ? null
      : `${selection.outside_cross_section} outside the cross-sectional ranking`,
    selection.below_floor === 0 ? null : `${selection.below_floor} under the expected-R floor of ${floor}`,
    sameTicker <= 0 ? null : `${sameTicker} on a ticker that already had its card`,
  ].filter((x): x is string => x !== null);
  return `${cards} of ${rules.perSession} cards: ${n(candidates.length, 'candidate')} fired on ${n(tickers, 'ticker')}${
    where.length === 0 ? '' : `; ${where.join(', ')}`
  }.`;
}

/** The published card (DESIGN §1): immutable once stored. */
function cardDocument(
  session: Session,
  instrument: Instrument,
  selected: SelectedCard,
  costBps: number,
  publishedAt: string,
  dataAsOf: string,
  late: boolean,
  calendar: ExchangeCalendar,
  variant: string,
  outcomes: OutcomeModel,
  drift: PublishedDrift | undefined,
) {
  const c = selected.candidate;
  // Issue #48 (ADR 0093): the setup's status on the development years, on the card and in its thesis.
  const status = setupStatus(c.setup, c.direction, variant);
  // ADR 0094: how a filled card ends, three ways, from the multinomial model on the same history.
  const probabilities = roundProbabilities(predictOutcomeProbabilities(outcomes, outcomeFeatures(c)));
  const id = `crd_${createHash('sha256').update(`${session.id}|${instrument.ticker}|${c.setup}|${c.direction}`).digest('hex').slice(0, 20)}`;
  let last = session;
  for (let k = 1; k < c.expiry_bars; k++)
    last = calendar.currentOrNext(new Date(last.closes_at.getTime() + 1));
  const score = Math.round(selected.conviction * 100) / 100;
  const round2 = (x: number) => Math.round(x * 100) / 100 || 0;
  return {
    id,
    session: session.id,
    asset: { ticker: instrument.ticker, name: instrument.name, asset_class: instrument.asset_class },
    direction: c.direction,
    entry_zone: c.levels.entry_zone,
    t1: c.levels.t1,
    t2: c.levels.t2,
    stop: c.levels.stop,
    conviction: { score, label: convictionLabel(score) },
    expected_r: round2(selected.expected_r),
    costs: {
      bps_per_side: costBps,
      r: round2(cardCostR(c.levels, costBps)),
    },
    probabilities,
    thesis: thesisWithStatus(
      `${writeThesis(instrument.ticker, c.setup, c.direction, c.evidence)} ${outcomeSentence(probabilities)}`,
      status,
    ),
    setup: c.setup,
    evidence: c.evidence,
    risk_reward: c.risk_reward,
    published_at: publishedAt,
    published_late: late,
    expires_at: iso(last.closes_at),
    data_as_of: dataAsOf,
    setup_status: status,
    // Issue #48 (ADR 0099): the ticker's drift before the session, point in time, for the record's
    // drift-adjusted edge.
    ...(drift === undefined ? {} : { drift }),
  };
}
