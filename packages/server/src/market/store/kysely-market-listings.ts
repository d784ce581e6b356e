import type { Kysely } from 'kysely';
import { KyselyStorage } from '../../db/kysely-storage.js';
import type { Storage } from '../../db/repositories.js';
import { compactTicker, mightMatch } from '../reference/rank-instruments.js';
import { instrumentCalendar, knownThrough } from './known-through.js';
import { toInstrument } from './load-history.js';
import type { MarketDataCache } from './market-data-cache.js';
import type {
  ActionQuery,
  ActionRow,
  BarSpan,
  InstrumentFilter,
  MarketListings,
  NewsQuery,
} from './market-listings.js';
import type { MarketTables } from './tables.js';
import type { Instrument, NewsRow } from './types.js';

/** Values bound in one `in (…)` list: well under SQLite's and PostgreSQL's limits on parameters. */
const IN_CHUNK = 500;

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += IN_CHUNK) out.push(xs.slice(i, i + IN_CHUNK));
  return out;
}

/**
 * How long the in-memory master is trusted on PostgreSQL, where another machine's writes leave no trace
 * here: the bound the per-ticker market cache keeps there too.
 */
const POSTGRES_MASTER_MAX_AGE_MS = 60_000;

/** An instrument with what filters and searches compare, written once when the master is read. */
interface Indexed {
  readonly instrument: Instrument;
  /** Lower-case `ticker name`. */
  readonly haystack: string;
  readonly compact: string;
  readonly sector: string | undefined;
  readonly industry: string | undefined;
  readonly assetClass: string;
  readonly exchange: string | undefined;
}

function indexed(instrument: Instrument): Indexed {
  return {
    instrument,
    haystack: `${instrument.ticker} ${instrument.name}`.toLowerCase(),
    compact: compactTicker(instrument.ticker),
    sector: instrument.sector?.toLowerCase(),
    industry: instrument.industry?.toLowerCase(),
    assetClass: instrument.asset_class.toLowerCase(),
    exchange: instrument.exchange?.toUpperCase(),
  };
}

/** The filter as a predicate (its strings compared without regard to case). */
function passes(f: InstrumentFilter): (i: Indexed) => boolean {
  const sector = f.sector?.toLowerCase();
  const industry = f.industry?.toLowerCase();
  const assetClass = f.assetClass?.toLowerCase();
  const exchange = f.exchange?.toUpperCase();
  const search = f.search;
  return (i) =>
    (sector === undefined || i.sector === sector) &&
    (industry === undefined || i.industry === industry) &&
    (assetClass === undefined || i.assetClass === assetClass) &&
    (exchange === undefined || i.exchange === exchange) &&
    (f.active === undefined || i.instrument.active === f.active) &&
    (search === undefined || mightMatch(search, i.haystack, i.compact));
}

/**
 * MarketListings over the storage's Kysely instance (SQLite or PostgreSQL). `cache` is the market
 * repository's: its generation moves on every market write of this process, which renews the master.
 */
export function createMarketListings(storage: Storage, cache: MarketDataCache): MarketListings {
  if (!(storage instanceof KyselyStorage)) {
    throw new TypeError('createMarketListings needs a Storage returned by openStorage');
  }
  const sqlite = storage.dialect === 'sqlite';
  return new KyselyMarketListings(storage.db as unknown as Kysely<MarketTables>, {
    generation: () => cache.generation,
    changeToken: sqlite ? () => storage.marketChangeToken() : () => undefined,
    maxAgeMs: sqlite ? Number.POSITIVE_INFINITY : POSTGRES_MASTER_MAX_AGE_MS,
  });
}

/** When a copy of the master read at one moment is still the master. */
interface Freshness {
  /** Moves on every market write of this process. */
  readonly generation: () => number;
  /** Moves when another process commits (SQLite's data_version); undefined where there is none. */
  readonly changeToken: () => number | undefined;
  readonly maxAgeMs: number;
}

/** A copy of the master, and the bar spans found while it is current (by `ticker|known_through`). */
interface Master {
  readonly generation: number;
  readonly token: number | undefined;
  readonly readAt: number;
  readonly rows: readonly Indexed[];
  readonly spans: Map<string, BarSpan>;
}

class KyselyMarketListings implements MarketListings {
  readonly #db: Kysely<MarketTables>;
  readonly #freshness: Freshness;
  #master: Master | undefined;
  #loading: { readonly generation: number; readonly promise: Promise<Master> } | undefined;

  constructor(db: Kysely<MarketTables>, freshness: Freshness) {
    this.#db = db;
    this.#freshness = freshness;
  }

  async instruments(filter: InstrumentFilter): Promise<readonly Instrument[]> {
    return (await this.#snapshot()).rows.filter(passes(filter)).map((i) => i.instrument);
  }

  /**
   * The master as last read while it is still current; else read once however many requests ask
   * meanwhile (a read that a write overtook is used by its own callers but not kept).
   */
  #snapshot(): Promise<Master> {
    const f = this.#freshness;
    const generation = f.generation();
    const token = f.changeToken();
    const m = this.#master;
    if (
      m !== undefined &&
      m.generation === generation &&
      m.token === token &&
      Date.now() - m.readAt <= f.maxAgeMs
    )
      return Promise.resolve(m);
    const pending = this.#loading;
    if (pending !== undefined && pending.generation === generation) return pending.promise;
    const readAt = Date.now();
    const promise = this.#db
      .selectFrom('instruments')
      .selectAll()
      .execute()
      .then((rows) => {
        // By code point, as cursors compare tickers (PostgreSQL's collation may order `BRK.B` otherwise).
        const indexedRows = rows
          .map((r) => indexed(toInstrument(r)))
          .sort((a, b) => (a.instrument.ticker < b.instrument.ticker ? -1 : 1));
        const master: Master = { generation, token, readAt, rows: indexedRows, spans: new Map() };
        if (f.generation() === generation) this.#master = master;
        return master;
      })
      .finally(() => {
        if (this.#loading?.promise === promise) this.#loading = undefined;
      });
    this.#loading = { generation, promise };
    return promise;
  }

  async barSpans(
    instruments: readonly Pick<Instrument, 'ticker' | 'calendar'>[],
    asOf: Date,
  ): Promise<ReadonlyMap<string, BarSpan>> {
    // Spans change only with a market write or a new session: kept with the master they were found under.
    const master = await this.#snapshot();
    const out = new Map<string, BarSpan>();
    const byCalendar = new Map<string, string[]>();
    for (const i of instruments)
      byCalendar.set(i.calendar, [...(byCalendar.get(i.calendar) ?? []), i.ticker]);
    for (const [code, tickers] of byCalendar) {
      const through = knownThrough(instrumentCalendar(code), asOf);
      const missing = tickers.filter((t) => {
        const hit = master.spans.get(`${t}|${through}`);
        if (hit !== undefined) out.set(t, hit);
        return hit === undefined;
      });
      for (const part of chunks(missing)) {
        const found = await this.#spans(part, through);
        // Kept only while nothing was written meanwhile (a span read before a write is not kept).
        const keep = this.#master === master && this.#freshness.generation() === master.generation;
        if (keep && master.spans.size > 4 * master.rows.length) master.spans.clear();
        for (const [ticker, span] of found) {
          out.set(ticker, span);
          if (keep) master.spans.set(`${ticker}|${through}`, span);
        }
      }
    }
    return out;
  }

  /** First and last bar through `through` of each ticker, and the last one's source, read from the store. */
  async #spans(tickers: readonly string[], through: string): Promise<Map<string, BarSpan>> {
    // Correlated subqueries: each is one probe of the (ticker, date) key, however long the history.
    const rows = await this.#db
      .selectFrom('instruments as i')
      .select((eb) => [
        'i.ticker',
        eb
          .selectFrom('daily_bars as d')
          .select((e) => e.fn.min('d.date').as('m'))
          .whereRef('d.ticker', '=', 'i.ticker')
          .where('d.date', '<=', through)
          .as('first_bar'),
        eb
          .selectFrom('daily_bars as d')
          .select((e) => e.fn.max('d.date').as('m'))
          .whereRef('d.ticker', '=', 'i.ticker')
          .where('d.date', '<=', through)
          .as('last_bar'),
        eb
          .selectFrom('daily_bars as d')
          .select('d.source')
          .whereRef('d.ticker', '=', 'i.ticker')
          .where('d.date', '<=', through)
          .orderBy('d.date', 'desc')
          .limit(1)
          .as('source'),
        eb
          .selectFrom('adjusted_series as a')
          .select('a.basis')
          .whereRef('a.ticker', '=', 'i.ticker')
          .as('basis'),
      ])
      .where('i.ticker', 'in', [...tickers])
      .execute();
    return new Map(
      rows.map((r) => [
        r.ticker,
        {
          known_through: through,
          first_bar: (r.first_bar as string | null) ?? null,
          last_bar: (r.last_bar as string | null) ?? null,
          source: r.source ?? null,
          basis: r.basis === 'split_div' ? 'split_div' : 'raw',
        },
      ]),
    );
  }

  async actions(query: ActionQuery): Promise<readonly ActionRow[]> {
    if (query.tickers?.length === 0) return [];
    // An action is known once its ex-date's session has closed in its instrument's calendar.
    const calendars = (await this.#db.selectFrom('instruments').select('calendar').distinct().execute()).map(
      (r) => ({ code: r.calendar, through: knownThrough(instrumentCalendar(r.calendar), query.asOf) }),
    );
    if (calendars.length === 0) return [];
    const { tickers, kind, from, to, after } = query;
    const rows = await this.#db
      .selectFrom('corporate_actions as a')
      .innerJoin('instruments as i', 'i.ticker', 'a.ticker')
      .select(['a.ticker', 'a.date', 'a.kind', 'a.value', 'a.source', 'i.currency'])
      .where((eb) =>
        eb.or(calendars.map((c) => eb.and([eb('i.calendar', '=', c.code), eb('a.date', '<=', c.through)]))),
      )
      .$if(tickers !== undefined, (qb) => qb.where('a.ticker', 'in', tickers as string[]))
      .$if(kind !== undefined, (qb) => qb.where('a.kind', '=', kind as string))
      .$if(from !== undefined, (qb) => qb.where('a.date', '>=', from as string))
      .$if(to !== undefined, (qb) => qb.where('a.date', '<=', to as string))
      .$if(after !== undefined, (qb) => {
        const a = after as NonNullable<ActionQuery['after']>;
        return qb.where((eb) =>
          eb.or([
            eb('a.date', '>', a.date),
            eb.and([
              eb('a.date', '=', a.date),
              eb.or([
                eb('a.ticker', '>', a.ticker),
                eb.and([eb('a.ticker', '=', a.ticker), eb('a.kind', '>', a.kind)]),
              ]),
            ]),
          ]),
        );
      })
      .orderBy('a.date')
      .orderBy('a.ticker')
      .orderBy('a.kind')
      .limit(query.limit)
      .execute();
    return rows.map((r) => ({
      ticker: r.ticker,
      date: r.date,
      kind: r.kind === 'split' ? 'split' : 'dividend',
      value: r.value,
      source: r.source,
      currency: r.currency,
    }));
  }

  async news(query: NewsQuery): Promise<readonly NewsRow[]> {
    if (query.tickers?.length === 0) return [];
    const asOf = query.asOf.toISOString();
    const { tickers, from, before, after } = query;
    const rows = await this.#db
      .selectFrom('news as n')
      .select(['n.id', 'n.published_at', 'n.source', 'n.headline', 'n.summary', 'n.url'])
      .where('n.published_at', '<=', asOf)
      .$if(from !== undefined, (qb) => qb.where('n.published_at', '>=', from as string))
      .$if(before !== undefined, (qb) => qb.where('n.published_at', '<', before as string))
      .$if(tickers !== undefined, (qb) =>
        qb.where('n.id', 'in', (eb) =>
          eb
            .selectFrom('news_tickers as t')
            .select('t.news_id')
            .where('t.ticker', 'in', tickers as string[])
            .where('t.published_at', '<=', asOf)
            .$if(from !== undefined, (sq) => sq.where('t.published_at', '>=', from as string))
            .$if(before !== undefined, (sq) => sq.where('t.published_at', '<', before as string)),
        ),
      )
      .$if(after !== undefined, (qb) => {
        const a = after as NonNullable<NewsQuery['after']>;
        return qb.where((eb) =>
          eb.or([
            eb('n.published_at', '<', a.published_at),
            eb.and([eb('n.published_at', '=', a.published_at), eb('n.id', '<', a.id)]),
          ]),
        );
      })
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(query.limit)
      .execute();
    if (rows.length === 0) return [];
    const links = new Map<string, string[]>();
    for (const ids of chunks(rows.map((r) => r.id))) {
      for (const l of await this.#db
        .selectFrom('news_tickers')
        .select(['news_id', 'ticker'])
        .where('news_id', 'in', ids)
        .execute())
        links.set(l.news_id, [...(links.get(l.news_id) ?? []), l.ticker]);
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
}
