import { createHash } from 'node:crypto';
import {
  calibrationSamples,
  convictionLabel,
  fitCalibration,
  prepareScan,
  type ResolvedCandidate,
  resolvedHistory,
  type SignalCandidate,
  scanAt,
  scoreSentiment,
  selectCards,
  writeThesis,
} from '@bellwether/analytics';
import type { FeedEntry } from '../db/records.js';
import type { Storage } from '../db/repositories.js';
import type { ExchangeCalendar, Session } from '../market/calendar/calendar.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { DailySeries, Instrument } from '../market/store/types.js';
import { tickerSnapshots } from './feed-snapshots.js';

export interface PublicationDeps {
  readonly market: MarketDataRepo;
  readonly storage: Storage;
  readonly calendar: ExchangeCalendar;
  readonly now: () => Date;
  readonly cards: {
    readonly perSession: number;
    readonly universe: readonly string[] | undefined;
    readonly leadMinutes: number;
    readonly ranking: 'edge' | 'conviction';
  };
}

export type PublicationResult =
  | {
      readonly ok: true;
      readonly session: string;
      /** False when the session had been published already (publishing is idempotent). */
      readonly published: boolean;
      readonly cards: number;
      readonly tickers_scanned: number;
      /**
       * Tickers of the universe left out because their data do not reach the previous session (the
       * provider has not delivered it): named, never guessed at.
       */
      readonly stale: readonly string[];
      readonly data_as_of: string;
      readonly calibration_samples: number;
    }
  | { readonly ok: false; readonly reason: 'not_a_session' | 'data_not_closed'; readonly message: string };

/** Bars of history a ticker needs before a card can be published on it (the 250-day high/low). */
export const MIN_HISTORY_BARS = 260;
/** The benchmark used for relative strength when the universe has it. */
const BENCHMARK = 'SPY';

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Publishes the cards of one session (default: the current one) from data through the previous
 * session's close: every setup on every ticker of the universe, conviction from a calibration fitted on
 * the outcomes those same setups had before (all resolved within the data, so before the session), the
 * best `perSession` cards by expected R at T1 — at most one per ticker — stored once. A second call for the
 * same session, here or on another instance, changes nothing.
 */
export async function publishSession(deps: PublicationDeps, sessionId?: string): Promise<PublicationResult> {
  const now = deps.now();
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
  if (existing !== undefined)
    return {
      ok: true,
      session: session.id,
      published: false,
      cards: existing.cards,
      tickers_scanned: 0,
      stale: [],
      data_as_of: dataAsOf,
      calibration_samples: 0,
    };

  const asOf = new Date(previous.closes_at.getTime() + 1000);
  const instruments = await universe(deps);
  const benchmark = await deps.market.getDailySeries(BENCHMARK, { asOf, adjustment: 'split_div' });
  const history: ResolvedCandidate[] = [];
  const today: { instrument: Instrument; candidate: SignalCandidate }[] = [];
  // The institutional feed's per-ticker snapshots, written in the publication's transaction.
  const feed: FeedEntry[] = [];
  let scanned = 0;
  const stale: string[] = [];
  for (const instrument of instruments) {
    const series = await deps.market.getDailySeries(instrument.ticker, { asOf, adjustment: 'split_div' });
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
    const sentiment = await newsSentiment(deps, instrument.ticker, asOf);
    const candidates = scanAt(input, t, sentiment === undefined ? context : { ...context, sentiment });
    for (const candidate of candidates) today.push({ instrument, candidate });
    feed.push(
      ...tickerSnapshots({
        session: session.id,
        ticker: instrument.ticker,
        series,
        scan: input,
        ...context,
        ...(sentiment === undefined ? {} : { sentiment }),
      }),
    );
  }
  const model = fitCalibration(calibrationSamples(history));
  const chosen = selectCards(
    today.map((x) => ({ ticker: x.instrument.ticker, candidate: x.candidate })),
    model,
    deps.cards.perSession,
    deps.cards.ranking,
  );
  const byTicker = new Map(today.map((x) => [x.instrument.ticker, x.instrument]));
  const publishedAt = iso(now);
  const cards = chosen.map((c) => {
    const card = cardDocument(
      session,
      byTicker.get(c.ticker) as Instrument,
      c.candidate,
      c.conviction,
      publishedAt,
      dataAsOf,
      deps.calendar,
    );
    return { id: card.id, payload: card, published_at: publishedAt };
  });
  const published = await deps.storage.cards.publishSession(
    { session: session.id, published_at: publishedAt, data_as_of: dataAsOf, cards: cards.length },
    cards,
    feed,
  );
  const stored = published
    ? cards.length
    : ((await deps.storage.cards.getPublication(session.id))?.cards ?? 0);
  return {
    ok: true,
    session: session.id,
    published,
    cards: stored,
    tickers_scanned: scanned,
    stale,
    data_as_of: dataAsOf,
    calibration_samples: model.samples,
  };
}

async function universe(deps: PublicationDeps): Promise<Instrument[]> {
  const all = (await deps.market.listInstruments()).filter((i) => i.active && i.asset_class !== 'index');
  const wanted = deps.cards.universe;
  if (wanted === undefined) return [...all];
  const set = new Set(wanted);
  return all.filter((i) => set.has(i.ticker));
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

/** The benchmark's closes aligned with the ticker's dates (relative strength), when it has them all. */
function benchmarkContext(series: DailySeries, benchmark: DailySeries | undefined, ticker: string) {
  if (benchmark === undefined || ticker === BENCHMARK) return {};
  const byDate = new Map(benchmark.dates.map((d, i) => [d, benchmark.close[i] as number]));
  const close = new Float64Array(series.dates.length);
  for (let i = 0; i < close.length; i++) close[i] = byDate.get(series.dates[i] as string) ?? Number.NaN;
  return { benchmark: { ticker: BENCHMARK, close } };
}

/** The published card (DESIGN §1): immutable once stored. */
function cardDocument(
  session: Session,
  instrument: Instrument,
  c: SignalCandidate,
  conviction: number,
  publishedAt: string,
  dataAsOf: string,
  calendar: ExchangeCalendar,
) {
  const id = `crd_${createHash('sha256').update(`${session.id}|${instrument.ticker}|${c.setup}|${c.direction}`).digest('hex').slice(0, 20)}`;
  let last = session;
  for (let k = 1; k < c.expiry_bars; k++)
    last = calendar.currentOrNext(new Date(last.closes_at.getTime() + 1));
  const score = Math.round(conviction * 100) / 100;
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
    thesis: writeThesis(instrument.ticker, c.setup, c.direction, c.evidence),
    setup: c.setup,
    evidence: c.evidence,
    risk_reward: c.risk_reward,
    published_at: publishedAt,
    expires_at: iso(last.closes_at),
    data_as_of: dataAsOf,
  };
}
