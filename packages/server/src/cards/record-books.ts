import { createHash } from 'node:crypto';
import type { CardLevels } from '@bellwether/analytics';
import type { CardOutcomeRecord, CardRecord } from '../db/records.js';
import type { UniverseMembershipRepo } from '../db/universe-membership-repo.js';
import { nextTurn } from '../event-loop-turns.js';
import { addDays } from '../market/calendar/local-time.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { BarSpan, MarketListings } from '../market/store/market-listings.js';
import type { DailySeries, Instrument } from '../market/store/types.js';
import type { UniverseStatement } from '../market/universe/membership.js';
import { type RecordNulls, recordNulls } from './record-nulls.js';
import type { BooksComputeInput, BooksJson, FilledCard } from './reference-books.js';
import type { TrackRecordKind } from './track-record.js';
import { spansDay, universeOnDay } from './universe-statement.js';

interface PublishedCard extends CardLevels {
  readonly asset?: { readonly ticker: string };
}

/** Calendar days of history read before the window: the momentum book's year and a month, with room. */
const HISTORY_DAYS = 400;

export interface RecordBooksSettings {
  /** The publication universe (config `cards.universe`); unset: every active instrument but indices. */
  readonly universe: readonly string[] | undefined;
  /** The cards' costs per side (config `cards.costBps`): every book pays them. */
  readonly costBps: number;
  readonly riskPerCard?: number;
  readonly maxGrossExposure?: number;
  readonly momentumTop?: number;
}

/** Tickers whose series are read between two turns of the event loop (as a screen's loads, ADR 0061). */
const LOADS_PER_TURN = 25;
/** Books kept (per window and settings); a handful of combinations are asked in practice. */
const MAX_ENTRIES = 16;
/**
 * A kept computation is trusted at most this long even when nothing it can see has moved: a correction of
 * past bars (same first and last bar) leaves the bar spans as they were.
 */
const MAX_AGE_MS = 15 * 60_000;

/** The books of a record and the universe they (and the record's cards) were drawn from. */
interface BooksOfRecord {
  readonly books: BooksJson | null;
  readonly universe: UniverseStatement;
  /** Per filled card: its same-ticker null and drift-adjusted results (ADR 0099). */
  readonly nulls: ReadonlyMap<string, RecordNulls>;
}

/** What one computation yields: the books and the cards' nulls, from the same reads. */
interface RecordComputation {
  readonly books: BooksJson | null;
  readonly nulls: ReadonlyMap<string, RecordNulls>;
}

/** Cards whose nulls are computed between two turns of the event loop (~3 ms each, ADR 0089's bench). */
const NULL_CARDS_PER_TURN = 8;

interface RecordBooksSources {
  readonly market: Pick<MarketDataRepo, 'getDailySeriesMany' | 'listInstruments'>;
  readonly listings: Pick<MarketListings, 'barSpans'>;
  readonly membership: Pick<UniverseMembershipRepo, 'load'>;
  /**
   * Computes the books off the event loop (the compute pool: ~0.3 s of arithmetic at 487 tickers over a
   * year, measured on this 2-core machine under load).
   */
  readonly compute: (input: BooksComputeInput) => Promise<BooksJson | null>;
  /** Sessions from a card's session through its expiry, both counted (the exchange calendar's). */
  readonly expiryBars: (session: string, expiresAt: string) => number;
}

/**
 * The reference books of a record (`published` or `backfilled`), computed once per window, settings and
 * what they are computed from (#48, ADR 0095): the record's cards and recorded outcomes, the universe's
 * tickers and each one's bars known at as_of (first and last, the listings' bar spans: they move with new
 * bars, a new session closing, and, as the listings' master, with any market write — ADR 0058), and the
 * membership intervals. A request that finds all of these as they were reads no bars. Concurrent requests
 * share one computation; its series are read a slice per turn of the event loop.
 */
export class RecordBooksCache {
  readonly #entries = new Map<
    string,
    { readonly stamp: string; readonly at: number; readonly books: Promise<RecordComputation> }
  >();

  constructor(
    private readonly sources: RecordBooksSources,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Only the record's cards, over its sessions: the track record from its first on-time session (`start`),
   * never before; the backfilled record over the window. `books` is null when the window holds none of the
   * record's sessions. The universe is stated on the books' first session (the window's `from` without
   * books), as the backtest states it on its first session.
   */
  async get(
    asOf: Date,
    which: TrackRecordKind,
    cards: readonly CardRecord[],
    outcomes: readonly CardOutcomeRecord[],
    window: { readonly from: string; readonly to: string; readonly start: string | undefined },
    settings: RecordBooksSettings,
  ): Promise<BooksOfRecord> {
    const late = (c: CardRecord) => (c.payload as { published_late?: boolean }).published_late === true;
    const recordCards = cards.filter((c) => (which === 'backfilled' ? late(c) : !late(c)));
    const { from, to, start } = window;
    const booksFrom =
      which === 'backfilled' ? from : start === undefined ? undefined : from < start ? start : from;
    const open = booksFrom !== undefined && booksFrom <= to;
    const day = open ? booksFrom : from;
    const membership = await this.sources.membership.load();
    const named = settings.universe === undefined ? undefined : new Set(settings.universe);
    // The publication universe, of those that were members some day of the window (as the backtest loads).
    const instruments = (await this.sources.market.listInstruments()).filter(
      (i) =>
        i.active &&
        i.asset_class !== 'index' &&
        (named === undefined || named.has(i.ticker)) &&
        membership.isMemberDuring(i.ticker, day, to),
    );
    const spans = await this.sources.listings.barSpans(instruments, asOf);
    const tickers = instruments.map((i) => i.ticker);
    const universe = universeOnDay(membership, day, tickers, (t) => spansDay(spans.get(t), day), {
      static: named === undefined ? 'every active instrument' : 'BELLWETHER_CARDS_UNIVERSE',
      ...(named === undefined ? {} : { within: (t: string) => named.has(t) }),
    });
    if (!open) return { books: null, universe, nulls: new Map() };

    const key = JSON.stringify([which, booksFrom, to, settings]);
    const stamp = stampOf(instruments, spans, universe, recordCards, outcomes);
    const now = this.nowMs();
    const hit = this.#entries.get(key);
    if (hit !== undefined && hit.stamp === stamp && now - hit.at < MAX_AGE_MS)
      return { ...(await hit.books), universe };
    const books = recordBooks(
      this.sources,
      asOf,
      instruments,
      (t, d) => membership.isMember(t, d),
      recordCards,
      outcomes,
      booksFrom,
      to,
      settings,
    );
    const entry = { stamp, at: now, books };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    books.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return { ...(await books), universe };
  }
}

/** What the books are computed from, hashed: any change computes them again. */
function stampOf(
  instruments: readonly Instrument[],
  spans: ReadonlyMap<string, BarSpan>,
  universe: UniverseStatement,
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
): string {
  const h = createHash('sha256');
  for (const i of instruments) {
    const s = spans.get(i.ticker);
    h.update(`${i.ticker}|${s?.known_through}|${s?.first_bar}|${s?.last_bar}|${s?.source}\n`);
  }
  h.update(JSON.stringify(universe));
  for (const c of cards) h.update(`c|${c.id}\n`);
  for (const o of outcomes) h.update(`o|${o.card_id}|${o.recorded_at}\n`);
  return h.digest('base64url');
}

/**
 * The record as a book beside equal weight and 12-1 momentum of `instruments`, over the record's sessions
 * in `from … to`. Cards count as recorded: filled at the recorded fill, exited at the recorded outcome with
 * its R and cost. A ticker whose data cannot be served is left out of the universe (ADR 0080). Null when no
 * session falls in the window.
 */
async function recordBooks(
  { market, compute, expiryBars }: Pick<RecordBooksSources, 'market' | 'compute' | 'expiryBars'>,
  asOf: Date,
  instruments: readonly Instrument[],
  isMember: (ticker: string, day: string) => boolean,
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
  from: string,
  to: string,
  settings: RecordBooksSettings,
): Promise<RecordComputation> {
  const series: Pick<DailySeries, 'ticker' | 'dates' | 'close'>[] = [];
  // Through as_of, not `to`: a card's copies and same-ticker draws resolve on bars after the window.
  const adjusted = await readSeries(
    market,
    instruments.map((i) => i.ticker),
    {
      asOf,
      adjustment: 'split_div',
      from: addDays(from, -HISTORY_DAYS),
    },
  );
  for (const s of adjusted.values()) {
    let n = s.dates.length;
    while (n > 0 && (s.dates[n - 1] as string) > to) n--;
    // The window's closes only, copied: a cached history's view would send its whole buffer.
    series.push({ ticker: s.ticker, dates: s.dates.slice(0, n), close: s.close.slice(0, n) });
  }
  const byId = new Map(cards.map((c) => [c.id, c.payload as PublishedCard]));
  const filled: FilledCard[] = [];
  for (const o of outcomes) {
    const card = byId.get(o.card_id);
    if (
      card === undefined ||
      // Only cards with levels can be sized (records written by hand in tests may lack them).
      typeof card.entry_zone?.high !== 'number' ||
      typeof card.stop !== 'number' ||
      typeof card.asset?.ticker !== 'string' ||
      o.t1_before_stop === null ||
      o.fill_session === null ||
      o.fill_price === null ||
      o.r_multiple === null
    )
      continue;
    filled.push({
      ticker: card.asset?.ticker as string,
      levels: card,
      fill_date: o.fill_session,
      exit_date: o.outcome_session,
      fill_price: o.fill_price,
      r_multiple: o.r_multiple,
      cost_r: o.cost_r ?? 0,
    });
  }
  // The cards' own tickers raw as well: a card's levels are in the raw prices of the bar before it.
  const raw = await readSeries(
    market,
    [...new Set([...byId.values()].map((c) => c.asset?.ticker).filter((t): t is string => t !== undefined))],
    { asOf, adjustment: 'raw', from: addDays(from, -HISTORY_DAYS) },
  );
  const nulls = await recordNulls(
    cards,
    outcomes,
    {
      cardBars: (ticker, session) => inCardBasis(adjusted.get(ticker), raw.get(ticker), session),
      adjusted: (ticker) => adjusted.get(ticker),
      peerTickers: (session) =>
        instruments.map((i) => i.ticker).filter((t) => adjusted.has(t) && isMember(t, session)),
      expiryBars,
    },
    settings.costBps,
    (k) => (k > 0 && k % NULL_CARDS_PER_TURN === 0 ? nextTurn() : undefined),
  );
  const books = await compute({
    series,
    cards: filled,
    from,
    to,
    settings: {
      costBps: settings.costBps,
      ...(settings.riskPerCard === undefined ? {} : { riskPerCard: settings.riskPerCard }),
      ...(settings.maxGrossExposure === undefined ? {} : { maxGrossExposure: settings.maxGrossExposure }),
      ...(settings.momentumTop === undefined ? {} : { momentumTop: settings.momentumTop }),
    },
  });
  return { books, nulls };
}

/** Series of `tickers` by ticker, a slice per turn of the event loop; unservable ones left out (ADR 0080). */
async function readSeries(
  market: Pick<MarketDataRepo, 'getDailySeriesMany'>,
  tickers: readonly string[],
  query: Parameters<MarketDataRepo['getDailySeriesMany']>[1],
): Promise<Map<string, DailySeries>> {
  const out = new Map<string, DailySeries>();
  for (let i = 0; i < tickers.length; i += LOADS_PER_TURN) {
    if (i > 0) await nextTurn();
    for (const s of await market.getDailySeriesMany(tickers.slice(i, i + LOADS_PER_TURN), query)) {
      if (s === undefined || s instanceof DataIssueError || s.dates.length === 0) continue;
      out.set(s.ticker, s);
    }
  }
  return out;
}

/**
 * A ticker's adjusted bars rescaled so the last bar before `session` keeps its raw prices: the basis the
 * card's levels are in (as the outcome tracker evaluates it).
 */
function inCardBasis(
  adjusted: DailySeries | undefined,
  raw: DailySeries | undefined,
  session: string,
): { bars: DailySeries; dates: readonly string[] } | undefined {
  if (adjusted === undefined || raw === undefined) return undefined;
  const basis = adjusted.dates.findIndex((d) => d >= session) - 1;
  if (basis < 0) return undefined;
  const r = raw.dates.indexOf(adjusted.dates[basis] as string);
  if (r < 0) return undefined;
  const scale = (raw.close[r] as number) / (adjusted.close[basis] as number);
  const rescaled = (xs: Float64Array) => xs.map((x) => x * scale);
  const bars = {
    ...adjusted,
    open: rescaled(adjusted.open),
    high: rescaled(adjusted.high),
    low: rescaled(adjusted.low),
    close: rescaled(adjusted.close),
  };
  return { bars, dates: adjusted.dates };
}
