import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SqliteRowReader } from '../../db/sqlite-driver.js';
import { nextTurn } from '../../event-loop-turns.js';
import type { TickerHistory } from './market-data-cache.js';
import type { DailyBarsTable, InstrumentsTable, MarketTables } from './tables.js';
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

/** Daily bars read per query (about four years). */
const BARS_PER_PAGE = 1000;

/** The last `bars` stored bars dated on or before `upTo`. */
export interface TailNeed {
  readonly bars: number;
  readonly upTo: string;
}

/** One bar as read: date, open, high, low, close, volume, source. */
type BarTuple = readonly [string, number, number, number, number, number, string];

const BAR_COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume', 'source'] as const;

/**
 * A bars query's rows as tuples: through `rows` (SQLite: no object per row, ~40 % faster on the
 * 290,000 bars of a screen, issue #28) or Kysely's objects.
 */
async function barTuples(
  query: SelectQueryBuilder<MarketTables, 'daily_bars', Omit<DailyBarsTable, 'ticker'>>,
  rows: SqliteRowReader | undefined,
): Promise<BarTuple[]> {
  if (rows !== undefined) return (await rows(query.compile())) as unknown as BarTuple[];
  return (await query.execute()).map((b) => [b.date, b.open, b.high, b.low, b.close, b.volume, b.source]);
}

/**
 * Reads one ticker's instrument row, every raw daily bar (in pages of {@link BARS_PER_PAGE}, keyed by
 * date) — or with `tail` only the last bars through a date — and every corporate action.
 */
export async function loadHistory(
  db: Kysely<MarketTables>,
  ticker: string,
  tail?: TailNeed,
  rows?: SqliteRowReader,
): Promise<TickerHistory | undefined> {
  const instrument = await db
    .selectFrom('instruments')
    .selectAll()
    .where('ticker', '=', ticker)
    .executeTakeFirst();
  if (instrument === undefined) return undefined;
  // In pages, a turn of the event loop each: on SQLite a query is synchronous, and twenty years of one
  // ticker read at once held the loop ~25 ms (issue #23's isolation bench).
  const bars: BarTuple[] = [];
  if (tail !== undefined) {
    const last = await barTuples(
      db
        .selectFrom('daily_bars')
        .select(BAR_COLUMNS)
        .where('ticker', '=', ticker)
        .where('date', '<=', tail.upTo)
        .orderBy('date', 'desc')
        .limit(tail.bars),
      rows,
    );
    for (let i = last.length - 1; i >= 0; i--) bars.push(last[i] as BarTuple);
  }
  for (; tail === undefined; ) {
    const after = bars.at(-1)?.[0];
    const page = await barTuples(
      db
        .selectFrom('daily_bars')
        .select(BAR_COLUMNS)
        .where('ticker', '=', ticker)
        .$if(after !== undefined, (qb) => qb.where('date', '>', after as string))
        .orderBy('date')
        .limit(BARS_PER_PAGE),
      rows,
    );
    for (const b of page) bars.push(b);
    if (page.length < BARS_PER_PAGE) break;
    await nextTurn();
  }
  const actionRows = await db
    .selectFrom('corporate_actions')
    .select(['date', 'kind', 'value'])
    .where('ticker', '=', ticker)
    .orderBy('date')
    .orderBy('kind')
    .execute();
  const n = bars.length;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  const dates: string[] = new Array(n);
  const sources: string[] = new Array(n);
  const interned = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const b = bars[i] as BarTuple;
    dates[i] = b[0];
    open[i] = b[1];
    high[i] = b[2];
    low[i] = b[3];
    close[i] = b[4];
    volume[i] = b[5];
    let s = interned.get(b[6]);
    if (s === undefined) {
      s = b[6];
      interned.set(s, s);
    }
    sources[i] = s;
  }
  const adjusted = await db
    .selectFrom('adjusted_series')
    .select('basis')
    .where('ticker', '=', ticker)
    .executeTakeFirst();
  const actions: CorporateAction[] = actionRows.map((a) => ({
    date: a.date,
    kind: a.kind === 'split' ? 'split' : 'dividend',
    value: a.value,
  }));
  return {
    instrument: toInstrument(instrument),
    dates,
    open,
    high,
    low,
    close,
    volume,
    sources,
    actions,
    basis: adjusted?.basis === 'split_div' ? 'split_div' : 'raw',
    ...(tail === undefined ? {} : { tail: { upTo: tail.upTo, fromFirst: n < tail.bars } }),
  };
}
