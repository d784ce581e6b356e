import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { newId } from '../../db/ids.js';
import { KyselyStorage, type PgTransactionRunner } from '../../db/kysely-storage.js';
import type { Storage } from '../../db/repositories.js';
import type { SqliteRowReader } from '../../db/sqlite-driver.js';
import { rebuildBarBlocks } from './bar-blocks.js';
import { DataIssueError } from './data-issue-error.js';
import { historyIssues, type KnownData } from './history-issues.js';
import { instrumentCalendar, knownThrough } from './known-through.js';
import { loadHistories, loadHistory, toInstrument } from './load-history.js';
import { MarketDataCache, type TickerHistory } from './market-data-cache.js';
import type { MarketDataRepo } from './market-data-repo.js';
import { sliceSeries } from './slice-series.js';
import { suggestTicker } from './suggest-ticker.js';
import type { MarketTables } from './tables.js';
import type { TailNeed } from './tail-need.js';
import {
  addCounts,
  BasisConflictError,
  type CorporateAction,
  type DailySeries,
  type Freshness,
  type Instrument,
  type MarketCounts,
  type MarketWrite,
  type NewsRow,
  NO_CHANGES,
  type QuoteRow,
  type SeriesQuery,
  type SyncCheckpoint,
  type TickerLookup,
  type TradeRow,
  type WriteCounts,
  type WriteOutcome,
} from './types.js';
import type { WriteContext } from './write-context.js';
import { writeActions, writeDailyBars } from './write-daily.js';
import { writeInstruments } from './write-instruments.js';
import { writeNews } from './write-news.js';
import { writeQuotes, writeTrades } from './write-ticks.js';

export interface MarketDataRepoOptions {
  /**
   * Defaults to a cache invalidated by the storage's external change token (SQLite) or, on PostgreSQL,
   * whose entries live at most POSTGRES_CACHE_MAX_AGE_MS (another machine may ingest).
   */
  readonly cache?: MarketDataCache;
  /** Clock for `ingest_runs.finished_at`. */
  readonly now?: () => Date;
  /**
   * PostgreSQL: write bars, actions, trades and quotes by COPY into a staging table and one merge
   * (default true); false keeps the `unnest` read-compare-write path (SQLite always uses its own path).
   */
  readonly copy?: boolean;
}

/** How long a PostgreSQL-backed cache entry is trusted: bounds staleness after an ingest elsewhere. */
const POSTGRES_CACHE_MAX_AGE_MS = 60_000;

/** The market-data repository over the storage's Kysely instance (SQLite or PostgreSQL). */
export function createMarketDataRepo(
  storage: Storage,
  options: MarketDataRepoOptions = {},
): KyselyMarketDataRepo {
  if (!(storage instanceof KyselyStorage)) {
    throw new TypeError('createMarketDataRepo needs a Storage returned by openStorage');
  }
  const cache =
    options.cache ??
    new MarketDataCache(
      storage.dialect === 'postgres'
        ? { maxAgeMs: POSTGRES_CACHE_MAX_AGE_MS }
        : { changeToken: () => storage.marketChangeToken() },
    );
  const db = storage.db as unknown as Kysely<MarketTables>;
  const copy = options.copy === false ? undefined : storage.withPgTransaction;
  return new KyselyMarketDataRepo(
    db,
    storage.dialect,
    cache,
    options.now ?? (() => new Date()),
    copy,
    storage.sqliteRows,
  );
}

/** Bars read beyond a tail's need: those dated after as_of's last closed session but by the day after. */
const TAIL_SPARE = 3;

/**
 * The tail a read asks for: its last `tail` bars through as_of's last closed session, which is never after
 * the day following as_of in UTC; a few bars more cover the bars stored after it (as-of runs over later
 * data). With `to`, the whole history is read: the answer's last_bar is the last bar known at as_of, which
 * a tail through `to` would not hold.
 */
function tailNeed(query: SeriesQuery): TailNeed | undefined {
  if (query.tail === undefined || query.to !== undefined) return undefined;
  return {
    bars: query.tail + TAIL_SPARE,
    upTo: new Date(query.asOf.getTime() + 86_400_000).toISOString().slice(0, 10),
  };
}

/** Whether `history` holds the bars `tail` asks for (a whole history holds any). */
function holds(history: TickerHistory, tail: TailNeed | undefined): boolean {
  if (history.tail === undefined) return true;
  if (tail === undefined || tail.upTo > history.tail.upTo) return false;
  if (history.tail.fromFirst) return true;
  // Every bar through `upTo` (what a warm screen finds): no need to count them one by one.
  const last = history.dates.at(-1);
  if (last !== undefined && last <= tail.upTo) return history.dates.length >= tail.bars;
  let n = 0;
  for (let i = history.dates.length - 1; i >= 0 && n < tail.bars; i--)
    if (history.dates[i]! <= tail.upTo) n++;
  return n >= tail.bars;
}

export class KyselyMarketDataRepo implements MarketDataRepo {
  readonly cache: MarketDataCache;
  readonly #loading = new Map<
    string,
    {
      readonly generation: number;
      readonly promise: Promise<TickerHistory | undefined>;
      readonly tail: TailNeed | undefined;
    }
  >();
  readonly #db: Kysely<MarketTables>;
  readonly #dialect: 'sqlite' | 'postgres';
  readonly #now: () => Date;
  readonly #pgTransaction: PgTransactionRunner | undefined;
  readonly #rows: SqliteRowReader | undefined;

  constructor(
    db: Kysely<MarketTables>,
    dialect: 'sqlite' | 'postgres',
    cache: MarketDataCache,
    now: () => Date,
    /** PostgreSQL: transactions with their raw client, for the COPY path; undefined: plain Kysely writes. */
    pgTransaction?: PgTransactionRunner,
    /** SQLite: bars read as arrays (KyselyStorage.sqliteRows); undefined: Kysely's row objects. */
    rows?: SqliteRowReader,
  ) {
    this.#db = db;
    this.#pgTransaction = pgTransaction;
    this.#rows = rows;
    this.#dialect = dialect;
    this.cache = cache;
    this.#now = now;
  }

  async write(batch: MarketWrite): Promise<WriteOutcome> {
    const touched = new Set<string>(batch.basis === undefined ? [] : [batch.basis.ticker]);
    for (const list of [batch.bars, batch.actions, batch.trades, batch.quotes]) {
      for (const entry of list ?? []) touched.add(entry.ticker);
    }
    try {
      return await this.#transaction(async (trx, copyClient) => {
        const ctx: WriteContext = {
          trx,
          dialect: this.#dialect,
          source: batch.source,
          at: this.#now().toISOString(),
          ...(copyClient === undefined ? {} : { copyClient }),
        };
        if (this.#dialect === 'postgres') {
          // Writers of the same ticker take turns, so the rows each one read before writing are still
          // the stored ones: the counts are exact and new rows can be inserted without a conflict clause.
          // SQLite needs nothing: its write transactions (BEGIN IMMEDIATE) already run one at a time.
          const tickers = [
            ...touched,
            ...(batch.instruments ?? []).map((i) => i.ticker),
            ...(batch.ensureInstruments ?? []).map((i) => i.ticker),
          ];
          for (const t of [...new Set(tickers)].sort()) {
            await sql`select pg_advisory_xact_lock(hashtext(${`bellwether.market:${t}`}))`.execute(trx);
          }
        }
        if (batch.basis !== undefined) await this.#basis(trx, batch.basis, batch.source);
        let instruments = await writeInstruments(ctx, batch.instruments ?? [], false);
        instruments = addCounts(
          instruments,
          await writeInstruments(ctx, batch.ensureInstruments ?? [], true),
        );
        let bars = NO_CHANGES;
        for (const b of batch.bars ?? []) bars = addCounts(bars, await writeDailyBars(ctx, b.ticker, b.bars));
        let actions = NO_CHANGES;
        for (const a of batch.actions ?? [])
          actions = addCounts(actions, await writeActions(ctx, a.ticker, a.actions));
        let trades = NO_CHANGES;
        for (const t of batch.trades ?? [])
          trades = addCounts(trades, await writeTrades(ctx, t.ticker, t.trades));
        let quotes = NO_CHANGES;
        for (const q of batch.quotes ?? [])
          quotes = addCounts(quotes, await writeQuotes(ctx, q.ticker, q.quotes));
        const news = await writeNews(ctx, batch.news ?? []);
        const total = [instruments, bars, actions, trades, quotes, news].reduce(addCounts, NO_CHANGES);
        if (batch.run !== undefined) await this.#logRun(trx, batch, total);
        if (batch.checkpoint !== undefined) await this.#checkpoint(trx, batch.checkpoint);
        await this.#marketChanged(trx);
        return { instruments, bars, actions, trades, quotes, news, total };
      });
    } finally {
      // Also after a failed transaction: nothing changed then, but dropping entries is always safe.
      for (const t of touched) this.cache.invalidate(t);
      if (batch.instruments !== undefined || batch.ensureInstruments !== undefined) {
        for (const i of [...(batch.instruments ?? []), ...(batch.ensureInstruments ?? [])])
          this.cache.invalidate(i.ticker);
      }
    }
  }

  async rebuildBarBlocks(tickers?: readonly string[]): Promise<readonly string[]> {
    if (this.#dialect !== 'sqlite') return [];
    const named = tickers === undefined ? undefined : new Set(tickers.map((t) => t.toUpperCase()));
    const known = (await this.#db.selectFrom('instruments').select('ticker').orderBy('ticker').execute()).map(
      (r) => r.ticker,
    );
    const wanted = named === undefined ? known : known.filter((t) => named.has(t));
    // A transaction per ticker: a whole store's rebuild need not hold the write lock throughout.
    for (const ticker of wanted) {
      await this.#db.transaction().execute(async (trx) => {
        await rebuildBarBlocks(trx, ticker);
        await this.#marketChanged(trx);
      });
      this.cache.invalidate(ticker);
    }
    return wanted;
  }

  /** Other SQLite connections empty their market caches when this moves (Storage.marketChangeToken). */
  async #marketChanged(trx: Kysely<MarketTables>): Promise<void> {
    if (this.#dialect === 'sqlite')
      await sql`update market_generation set generation = generation + 1 where id = 1`.execute(trx);
  }

  /** One transaction; on PostgreSQL with the COPY path, also the raw client of its connection. */
  #transaction<T>(fn: (trx: Kysely<MarketTables>, copyClient?: pg.ClientBase) => Promise<T>): Promise<T> {
    const run = this.#pgTransaction;
    if (run === undefined) return this.#db.transaction().execute((trx) => fn(trx));
    return run((trx, client) => fn(trx as unknown as Kysely<MarketTables>, client));
  }

  async #logRun(trx: Kysely<MarketTables>, batch: MarketWrite, total: WriteCounts): Promise<void> {
    const run = batch.run as NonNullable<MarketWrite['run']>;
    await trx
      .insertInto('ingest_runs')
      .values({
        id: newId('ing'),
        kind: run.kind,
        source: batch.source,
        ticker: run.ticker ?? null,
        inserted: total.inserted,
        updated: total.updated,
        unchanged: total.unchanged,
        skipped: run.skipped,
        finished_at: this.#now().toISOString(),
      })
      .execute();
  }

  /** Refuses a basis other than the stored bars' (BasisConflictError), and records an adjusted one. */
  async #basis(
    trx: Kysely<MarketTables>,
    b: NonNullable<MarketWrite['basis']>,
    source: string,
  ): Promise<void> {
    const stored = await trx
      .selectFrom('adjusted_series')
      .select('basis')
      .where('ticker', '=', b.ticker)
      .executeTakeFirst();
    const current = stored?.basis ?? 'raw';
    if (current !== b.basis) {
      const any = await trx
        .selectFrom('daily_bars')
        .select('date')
        .where('ticker', '=', b.ticker)
        .limit(1)
        .executeTakeFirst();
      if (any !== undefined) throw new BasisConflictError(b.ticker, current, b.basis);
      if (b.basis === 'raw') await trx.deleteFrom('adjusted_series').where('ticker', '=', b.ticker).execute();
    }
    if (b.basis !== 'raw')
      await trx
        .insertInto('adjusted_series')
        .values({ ticker: b.ticker, basis: b.basis, source })
        .onConflict((oc) => oc.column('ticker').doUpdateSet({ basis: b.basis, source }))
        .execute();
  }

  async #checkpoint(trx: Kysely<MarketTables>, c: SyncCheckpoint): Promise<void> {
    const row = { ...c, updated_at: this.#now().toISOString() };
    await trx
      .insertInto('sync_checkpoints')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['provider', 'ticker', 'kind'])
          .doUpdateSet({ through: row.through, updated_at: row.updated_at }),
      )
      .execute();
  }

  /**
   * A ticker's history from the cache, or loaded once however many requests ask for it meanwhile
   * (single flight: heavy requests arriving together on a cold cache each read the same twenty years
   * otherwise). A load that an invalidation overtook is neither joined nor cached. With `tail`, a cached
   * tail that holds it will do, and an uncached ticker loads only that tail (a screen over hundreds of
   * tickers reads ~600 bars of each rather than twenty years); a tail never replaces a whole history.
   */
  #history(ticker: string, tail?: TailNeed): Promise<TickerHistory | undefined> {
    const cached = this.cache.get(ticker);
    if (cached !== undefined && holds(cached, tail)) return Promise.resolve(cached);
    const generation = this.cache.generation;
    const pending = this.#loading.get(ticker);
    if (pending !== undefined && pending.generation === generation && pending.tail === undefined)
      return pending.promise;
    const promise = loadHistory(this.#db, ticker, tail, this.#rows)
      .then((loaded) => {
        if (loaded !== undefined) this.#keep(ticker, loaded, generation);
        return loaded;
      })
      .finally(() => {
        if (this.#loading.get(ticker)?.promise === promise) this.#loading.delete(ticker);
      });
    if (tail === undefined || pending === undefined) this.#loading.set(ticker, { generation, promise, tail });
    return promise;
  }

  /** Caches a history read under `generation`: not when a write overtook the read, and a tail never over a whole history. */
  #keep(ticker: string, loaded: TickerHistory, generation: number): void {
    if (this.cache.generation !== generation) return;
    const kept = this.cache.get(ticker);
    if (loaded.tail === undefined || kept === undefined || kept.tail !== undefined)
      this.cache.set(ticker, loaded);
  }

  async getDailySeries(ticker: string, query: SeriesQuery): Promise<DailySeries | undefined> {
    const history = await this.#history(ticker.toUpperCase(), tailNeed(query));
    return history === undefined ? undefined : sliceSeries(history, query);
  }

  async getDailySeriesMany(
    tickers: readonly string[],
    query: SeriesQuery,
  ): Promise<readonly (DailySeries | undefined | DataIssueError)[]> {
    const wanted = tickers.map((t) => t.toUpperCase());
    const tail = tailNeed(query);
    // The cached histories that hold what is asked (looked up once: a warm screen finds all of them).
    const found = new Map<string, TickerHistory>();
    const cold: string[] = [];
    for (const t of new Set(wanted)) {
      const cached = this.cache.get(t);
      if (cached !== undefined && holds(cached, tail)) found.set(t, cached);
      else cold.push(t);
    }
    // Only tails are read together: a whole history is read in pages with turns of the event loop between.
    if (tail !== undefined && cold.length > 1) {
      for (const chunk of chunkIds(cold)) {
        const generation = this.cache.generation;
        for (const [ticker, history] of await loadHistories(this.#db, chunk, tail, this.#rows)) {
          found.set(ticker, history);
          this.#keep(ticker, history, generation);
        }
      }
    }
    return Promise.all(
      wanted.map(async (t) => {
        try {
          const history = found.get(t) ?? (await this.#history(t, tail));
          return history === undefined ? undefined : sliceSeries(history, query);
        } catch (error) {
          if (error instanceof DataIssueError) return error;
          throw error;
        }
      }),
    );
  }

  async dataIssues(ticker: string, asOf: Date): Promise<KnownData> {
    const history = await this.#history(ticker.toUpperCase());
    if (history === undefined) return { bars: 0, issues: [] };
    return historyIssues(history, knownThrough(instrumentCalendar(history.instrument.calendar), asOf));
  }

  async getActions(ticker: string, asOf: Date): Promise<readonly CorporateAction[]> {
    const history = await this.#history(ticker.toUpperCase());
    if (history === undefined) return [];
    const through = knownThrough(instrumentCalendar(history.instrument.calendar), asOf);
    return history.actions.filter((a) => a.date <= through);
  }

  async getTrades(ticker: string, fromMs: number, toMs: number, asOf: Date): Promise<readonly TradeRow[]> {
    const rows = await this.#db
      .selectFrom('trades')
      .select(['ts', 'price', 'size', 'side', 'condition'])
      .where('ticker', '=', ticker.toUpperCase())
      .where('ts', '>=', fromMs)
      .where('ts', '<', Math.min(toMs, asOf.getTime() + 1))
      .orderBy('ts')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      ts: Number(r.ts),
      price: r.price,
      size: r.size,
      ...(r.side === 'buy' || r.side === 'sell' ? { side: r.side } : {}),
      ...(r.condition === null ? {} : { condition: r.condition }),
    }));
  }

  async getQuotes(ticker: string, fromMs: number, toMs: number, asOf: Date): Promise<readonly QuoteRow[]> {
    const rows = await this.#db
      .selectFrom('quotes')
      .select(['ts', 'bid', 'ask', 'bid_size', 'ask_size'])
      .where('ticker', '=', ticker.toUpperCase())
      .where('ts', '>=', fromMs)
      .where('ts', '<', Math.min(toMs, asOf.getTime() + 1))
      .orderBy('ts')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ ...r, ts: Number(r.ts) }));
  }

  async newsSpan(ticker: string, asOf: Date): Promise<{ first: string; last: string } | undefined> {
    // The (ticker, published_at) index of the links answers both ends.
    const row = await this.#db
      .selectFrom('news_tickers')
      .select([
        sql<string | null>`min(published_at)`.as('first'),
        sql<string | null>`max(published_at)`.as('last'),
      ])
      .where('ticker', '=', ticker.toUpperCase())
      .where('published_at', '<=', asOf.toISOString())
      .executeTakeFirst();
    if (row === undefined || row.first === null || row.last === null) return undefined;
    return { first: row.first, last: row.last };
  }

  async getNews(ticker: string, from: Date, asOf: Date): Promise<readonly NewsRow[]> {
    // The (ticker, published_at) index of the links finds the window's items; the time is checked on the
    // item too, which stays the source of truth.
    const rows = await this.#db
      .selectFrom('news_tickers')
      .innerJoin('news', 'news.id', 'news_tickers.news_id')
      .select(['news.id', 'news.published_at', 'news.source', 'news.headline', 'news.summary', 'news.url'])
      .where('news_tickers.ticker', '=', ticker.toUpperCase())
      .where('news_tickers.published_at', '>=', from.toISOString())
      .where('news_tickers.published_at', '<=', asOf.toISOString())
      .where('news.published_at', '>=', from.toISOString())
      .where('news.published_at', '<=', asOf.toISOString())
      .orderBy('news.published_at')
      .orderBy('news.id')
      .execute();
    if (rows.length === 0) return [];
    const links = new Map<string, string[]>();
    for (const ids of chunkIds(rows.map((r) => r.id))) {
      for (const l of await this.#db
        .selectFrom('news_tickers')
        .selectAll()
        .where('news_id', 'in', ids)
        .execute()) {
        links.set(l.news_id, [...(links.get(l.news_id) ?? []), l.ticker]);
      }
    }
    return rows.map((r) => ({
      id: r.id,
      published_at: r.published_at,
      source: r.source,
      headline: r.headline,
      ...(r.summary === null ? {} : { summary: r.summary }),
      ...(r.url === null ? {} : { url: r.url }),
      tickers: (links.get(r.id) ?? []).sort(),
    }));
  }

  async findTicker(ticker: string): Promise<TickerLookup> {
    const wanted = ticker.trim().toUpperCase();
    const row = await this.#db
      .selectFrom('instruments')
      .selectAll()
      .where('ticker', '=', wanted)
      .executeTakeFirst();
    if (row !== undefined) return { ok: true, instrument: toInstrument(row) };
    // Only unknown tickers read the whole list: rare, and always current (no cache to go stale).
    const known = (await this.#db.selectFrom('instruments').select('ticker').orderBy('ticker').execute()).map(
      (r) => r.ticker,
    );
    const suggestion = wanted === '' ? undefined : suggestTicker(wanted, known);
    return suggestion === undefined ? { ok: false } : { ok: false, suggestion };
  }

  async listInstruments(): Promise<readonly Instrument[]> {
    return (await this.#db.selectFrom('instruments').selectAll().orderBy('ticker').execute()).map(
      toInstrument,
    );
  }

  async freshness(asOf: Date): Promise<readonly Freshness[]> {
    const all = await this.listInstruments();
    const instruments = all.filter((i) => i.active);
    const out: Freshness[] = [];
    // The sync's universe names tickers before any sync brought them (no instrument row yet): followed,
    // so counted, with no bar (issue #41), on the calendar the sync reaches them by (XNYS).
    const stored = new Set(all.map((i) => i.ticker));
    const unsynced = (await this.#db.selectFrom('universe').select('ticker').execute())
      .map((r) => r.ticker)
      .filter((t) => !stored.has(t));
    if (unsynced.length > 0) {
      const through = knownThrough(instrumentCalendar('XNYS'), asOf);
      for (const ticker of unsynced) out.push({ ticker, known_through: through, last_bar: null });
    }
    // One query per calendar (few): each ticker's latest bar through that calendar's last closed session,
    // a correlated max() the (ticker, date) key answers by one index probe per ticker.
    for (const code of new Set(instruments.map((i) => i.calendar))) {
      const through = knownThrough(instrumentCalendar(code), asOf);
      const rows = await this.#db
        .selectFrom('instruments as i')
        .select((eb) => [
          'i.ticker',
          eb
            .selectFrom('daily_bars as d')
            .select((e) => e.fn.max('d.date').as('m'))
            .whereRef('d.ticker', '=', 'i.ticker')
            .where('d.date', '<=', through)
            .as('last_bar'),
        ])
        .where('i.calendar', '=', code)
        .where('i.active', '=', 1)
        .execute();
      for (const r of rows)
        out.push({
          ticker: r.ticker,
          known_through: through,
          last_bar: (r.last_bar as string | null) ?? null,
        });
    }
    return out.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  }

  async counts(): Promise<MarketCounts> {
    const count = async (table: keyof MarketTables, kind?: string): Promise<number> => {
      const where = kind === undefined ? sql`` : sql` where kind = ${kind}`;
      const r = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table)}${where}`.execute(this.#db);
      return Number(r.rows[0]?.n ?? 0);
    };
    return {
      instruments: await count('instruments'),
      bars: await count('daily_bars'),
      splits: await count('corporate_actions', 'split'),
      dividends: await count('corporate_actions', 'dividend'),
      trades: await count('trades'),
      quotes: await count('quotes'),
      news: await count('news'),
    };
  }
}

function chunkIds(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(ids.slice(i, i + 500));
  return out;
}
