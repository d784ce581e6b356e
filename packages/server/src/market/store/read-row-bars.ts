import type { Kysely } from 'kysely';
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
 * PostgreSQL: the bars of `tickers` from the `daily_bars` rows, ticker by ticker — each whole history
 * in pages of {@link BARS_PER_PAGE} (a turn of the event loop each), or with `tail` the last bars
 * through a date. (SQLite reads year blocks instead: `read-block-bars.ts`.)
 */
export async function readRowBars(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed | undefined,
): Promise<Map<string, HistoryColumns>> {
  const answer = new Map<string, HistoryColumns>();
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
