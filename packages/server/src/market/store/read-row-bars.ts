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
    const bars: BarRow[] = [];
    if (tail !== undefined) {
      const last = await db
        .selectFrom('daily_bars')
        .select(BAR_COLUMNS)
        .where('ticker', '=', ticker)
        .where('date', '<=', tail.upTo)
        .orderBy('date', 'desc')
        .limit(tail.bars)
        .execute();
      for (let i = last.length - 1; i >= 0; i--) bars.push(last[i] as BarRow);
    }
    for (; tail === undefined; ) {
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

/**
 * The tails of several tickers in one query, each the `(ticker, date)` key's last `tail.bars` rows through
 * `tail.upTo` (a lateral join: one index range per ticker): a cold screen's 500 tails had been 500 queries,
 * ~40 % of PostgreSQL's cold screen (ADR 0091).
 */
async function tailsTogether(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed,
): Promise<Map<string, HistoryColumns>> {
  const rows = await sql<DailyBarsTable>`
    select b.ticker, b.date, b.open, b.high, b.low, b.close, b.volume, b.source
    from unnest(${[...tickers]}::text[]) as t(ticker)
    cross join lateral (
      select d.ticker, d.date, d.open, d.high, d.low, d.close, d.volume, d.source
      from daily_bars d
      where d.ticker = t.ticker and d.date <= ${tail.upTo}
      order by d.date desc
      limit ${tail.bars}
    ) b
    order by b.ticker, b.date`.execute(db);
  const of = new Map<string, BarRow[]>(tickers.map((t) => [t, []]));
  for (const r of rows.rows) of.get(r.ticker)?.push(r);
  return new Map([...of].map(([t, bars]) => [t, columns(bars)]));
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
