import { type Kysely, sql } from 'kysely';
import { nextTurn } from '../../event-loop-turns.js';
import { emptyHistoryColumns, type HistoryColumns } from './history-columns.js';
import type { DailyBarsTable, MarketTables } from './tables.js';
import type { TailNeed } from './tail-need.js';

/** Daily bars read per query of a whole history (about four years). */
const BARS_PER_PAGE = 1000;

const BAR_COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume', 'source'] as const;

/** One bar as read. */
type BarRow = Omit<DailyBarsTable, 'ticker'>;

/**
 * PostgreSQL: the bars of `tickers` from the `daily_bars` rows — each whole history ticker by ticker in
 * pages of {@link BARS_PER_PAGE} (a turn of the event loop each), or with `tail` the last bars through a
 * date, of all the tickers in one query. (SQLite reads year blocks instead: `read-block-bars.ts`.)
 */
export async function readRowBars(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed | undefined,
): Promise<Map<string, HistoryColumns>> {
  const answer = new Map<string, HistoryColumns>();
  if (tail !== undefined && tickers.length > 1) return tailsTogether(db, tickers, tail);
  for (const ticker of tickers) {
    if (tail !== undefined) {
      answer.set(ticker, await tailOf(db, ticker, tail));
      continue;
    }
    const bars: BarRow[] = [];
    for (;;) {
      const after = bars.at(-1)?.date;
      const page = await db
        .selectFrom('daily_bars')
        .select(BAR_COLUMNS)
        .where('ticker', '=', ticker)
        .$if(after !== undefined, (qb) => qb.where('date', '>', after as string))
        .orderBy('date')
        .limit(BARS_PER_PAGE)
        .execute();
      for (const b of page) bars.push(b);
      if (page.length < BARS_PER_PAGE) break;
      await nextTurn();
    }
    answer.set(ticker, columns(bars));
  }
  return answer;
}

/** One ticker's tail: its last `tail.bars` rows through `tail.upTo`. */
async function tailOf(db: Kysely<MarketTables>, ticker: string, tail: TailNeed): Promise<HistoryColumns> {
  const last = await db
    .selectFrom('daily_bars')
    .select(BAR_COLUMNS)
    .where('ticker', '=', ticker)
    .where('date', '<=', tail.upTo)
    .orderBy('date', 'desc')
    .limit(tail.bars)
    .execute();
  return columns(last.reverse());
}

/** A tail as `tailsTogether` reads it, newest first, the prices as big-endian doubles (`float8send`). */
interface TailRow {
  readonly ticker: string;
  /** Comma-separated (null, as every column, for a ticker without bars through the date). */
  readonly dates: string | null;
  readonly open: Uint8Array | null;
  readonly high: Uint8Array | null;
  readonly low: Uint8Array | null;
  readonly close: Uint8Array | null;
  readonly volume: Uint8Array | null;
  /** Separated by SOURCE_SEPARATOR. */
  readonly sources: string | null;
}

/** Between the sources of a tail's bars: a control character no source label holds (checked by count). */
const SOURCE_SEPARATOR = '\u001f';

const PRICES = ['open', 'high', 'low', 'close', 'volume'] as const;

/**
 * The tails of several tickers in one query, each the `(ticker, date)` key's last `tail.bars` rows through
 * `tail.upTo` (a lateral join: one index range per ticker), a row per ticker with each price column as
 * one bytea of big-endian doubles — the exact bits, as PostgreSQL's binary format sends them. A cold
 * screen's 500 tails had been 500 queries of 580 rows, and parsing 280,000 rows of text was most of its
 * time (ADR 0091).
 */
async function tailsTogether(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed,
): Promise<Map<string, HistoryColumns>> {
  // The aggregates take the rows as the limited index scan gives them, newest first (an `order by` in
  // each aggregate sorted every tail seven times: 5× slower); the order is checked below. A null price
  // reads as 0, as a row's null set into a Float64Array does.
  const doubles = (column: (typeof PRICES)[number]) =>
    sql`string_agg(float8send(coalesce(${sql.ref(`d.${column}`)}, 0)), ''::bytea)`.as(column);
  const rows = await sql<TailRow>`
    select t.ticker, x.*
    from unnest(${[...tickers]}::text[]) as t(ticker)
    cross join lateral (
      select string_agg(d.date, ',') as dates, ${sql.join(PRICES.map(doubles))},
        string_agg(d.source, ${SOURCE_SEPARATOR}) as sources
      from (
        select date, open, high, low, close, volume, source
        from daily_bars
        where ticker = t.ticker and date <= ${tail.upTo}
        order by date desc
        limit ${tail.bars}
      ) d
    ) x`.execute(db);
  const answer = new Map<string, HistoryColumns>();
  for (const r of rows.rows) {
    const read = r.dates === null ? columns([]) : newestFirst(r);
    // Not in date order, or a separator inside a date or source (never seen): read again plainly.
    answer.set(r.ticker, read ?? (await tailOf(db, r.ticker, tail)));
  }
  return answer;
}

/**
 * A tail row's columns in date order, or undefined when its dates are not strictly descending or a
 * column does not hold one value per bar (a date or source holding a separator).
 */
function newestFirst(r: TailRow): HistoryColumns | undefined {
  const n = (r.close as Uint8Array).byteLength / 8;
  const dates = (r.dates as string).split(',');
  const sources = (r.sources as string).split(SOURCE_SEPARATOR);
  if (dates.length !== n || sources.length !== n) return undefined;
  for (let i = 1; i < n; i++) if (!((dates[i - 1] as string) > (dates[i] as string))) return undefined;
  const { columns: c, shared } = emptyHistoryColumns(n);
  for (const k of PRICES) {
    const bytes = r[k] as Uint8Array;
    if (bytes.byteLength !== 8 * n)
      throw new Error(`${r.ticker}: ${k} holds ${bytes.byteLength} bytes for ${n} bars`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = c[k];
    for (let i = 0; i < n; i++) out[n - 1 - i] = view.getFloat64(8 * i, false);
  }
  for (let i = 0; i < n; i++) {
    c.dates[n - 1 - i] = dates[i] as string;
    c.sources[n - 1 - i] = shared(sources[i] as string);
  }
  return c;
}

function columns(bars: readonly BarRow[]): HistoryColumns {
  const { columns: c, shared } = emptyHistoryColumns(bars.length);
  for (const [i, b] of bars.entries()) {
    c.dates[i] = b.date;
    c.open[i] = b.open;
    c.high[i] = b.high;
    c.low[i] = b.low;
    c.close[i] = b.close;
    c.volume[i] = b.volume;
    c.sources[i] = shared(b.source);
  }
  return c;
}
