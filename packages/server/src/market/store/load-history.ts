import type { Kysely } from 'kysely';
import type { SqliteRowReader } from '../../db/sqlite-driver.js';
import type { HistoryColumns } from './history-columns.js';
import type { TickerHistory } from './market-data-cache.js';
import { readBlockBars } from './read-block-bars.js';
import { readRowBars } from './read-row-bars.js';
import type { InstrumentsTable, MarketTables } from './tables.js';
import type { TailNeed } from './tail-need.js';
import type { CorporateAction, Instrument } from './types.js';

export function toInstrument(r: InstrumentsTable): Instrument {
  return {
    ticker: r.ticker,
    name: r.name,
    exchange: r.exchange,
    asset_class: r.asset_class,
    currency: r.currency,
    sector: r.sector,
    calendar: r.calendar,
    active: Number(r.active) === 1,
    source: r.source,
    industry: r.industry,
    delisted_on: r.delisted_on,
  };
}

/** Reads one ticker's history (see {@link loadHistories}). */
export async function loadHistory(
  db: Kysely<MarketTables>,
  ticker: string,
  tail?: TailNeed,
  sqlite?: SqliteRowReader,
): Promise<TickerHistory | undefined> {
  return (await loadHistories(db, [ticker], tail, sqlite)).get(ticker);
}

/**
 * Reads the histories of `tickers` (a few dozen at most: they go into `in` lists): each one's instrument
 * row, its daily bars — every one, or with `tail` only the last bars through a date — its corporate
 * actions and its basis. A ticker without an instrument is absent from the answer. Instruments, actions
 * and bases are a query each for all the tickers. `sqlite`: SQLite's array reader, with which bars come
 * from the year blocks (`read-block-bars.ts`, all tails in one query); without it (PostgreSQL) from rows.
 */
export async function loadHistories(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail?: TailNeed,
  sqlite?: SqliteRowReader,
): Promise<Map<string, TickerHistory>> {
  const answer = new Map<string, TickerHistory>();
  if (tickers.length === 0) return answer;
  const instruments = await db.selectFrom('instruments').selectAll().where('ticker', 'in', tickers).execute();
  if (instruments.length === 0) return answer;
  const found = instruments.map((i) => i.ticker);
  const barsOf =
    sqlite === undefined ? await readRowBars(db, found, tail) : await readBlockBars(db, found, tail, sqlite);
  const actionsOf = await actionsAfter(db, barsOf, tail !== undefined, sqlite);
  const adjusted = new Set(
    (
      await db
        .selectFrom('adjusted_series')
        .select(['ticker', 'basis'])
        .where('ticker', 'in', found)
        .where('basis', '=', 'split_div')
        .execute()
    ).map((r) => r.ticker),
  );
  for (const instrument of instruments) {
    const bars = barsOf.get(instrument.ticker) as HistoryColumns;
    answer.set(instrument.ticker, {
      ...bars,
      instrument: toInstrument(instrument),
      actions: actionsOf.get(instrument.ticker) as CorporateAction[],
      basis: adjusted.has(instrument.ticker) ? 'split_div' : 'raw',
      ...(tail === undefined ? {} : { tail: { upTo: tail.upTo, fromFirst: bars.dates.length < tail.bars } }),
    });
  }
  return answer;
}

/**
 * Each ticker's corporate actions, ascending. For tails only those after the tail's first bar: an action
 * on or before a bar never adjusts it (`adjustmentFactors`), and a screen's tails start ~2 years back
 * while the actions go back twenty (80 ms of a cold screen's reads, issue #28).
 */
async function actionsAfter(
  db: Kysely<MarketTables>,
  barsOf: ReadonlyMap<string, HistoryColumns>,
  tails: boolean,
  sqlite: SqliteRowReader | undefined,
): Promise<Map<string, CorporateAction[]>> {
  const after = new Map<string, string>();
  if (tails)
    for (const [ticker, bars] of barsOf) {
      const first = bars.dates[0];
      if (first !== undefined) after.set(ticker, first);
    }
  // One lower bound for the query (a ticker without bars has no bars to adjust); exact per ticker below.
  const bound = after.size < barsOf.size ? undefined : [...after.values()].reduce((a, b) => (a < b ? a : b));
  const query = db
    .selectFrom('corporate_actions')
    .select(['ticker', 'date', 'kind', 'value'])
    .where('ticker', 'in', [...barsOf.keys()])
    .$if(bound !== undefined, (qb) => qb.where('date', '>', bound as string))
    .orderBy('ticker')
    .orderBy('date')
    .orderBy('kind');
  const read =
    sqlite !== undefined
      ? ((await sqlite(query.compile())) as [string, string, string, number][])
      : (await query.execute()).map((a) => [a.ticker, a.date, a.kind, a.value] as const);
  const actionsOf = new Map<string, CorporateAction[]>([...barsOf.keys()].map((t) => [t, []]));
  for (const [ticker, date, kind, value] of read) {
    if (tails && !(date > (after.get(ticker) ?? ''))) continue;
    actionsOf.get(ticker)?.push({ date, kind: kind === 'split' ? 'split' : 'dividend', value });
  }
  return actionsOf;
}
