import type { Kysely } from 'kysely';
import { nextTurn } from '../../event-loop-turns.js';
import type { BarColumns } from './market-data-cache.js';
import type { MarketTables } from './tables.js';
import type { TailNeed } from './tail-need.js';

/** Daily bars read per query of a whole history (about four years). */
const BARS_PER_PAGE = 1000;

const BAR_COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume', 'source'] as const;

type BarRow = {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  source: string;
};

/**
 * PostgreSQL: the bars of `tickers` from the `daily_bars` rows, ticker by ticker — each whole history
 * in pages of {@link BARS_PER_PAGE} (a turn of the event loop each), or with `tail` the last bars
 * through a date. (SQLite reads year blocks instead: `read-block-bars.ts`.)
 */
export async function readRowBars(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed | undefined,
): Promise<Map<string, BarColumns>> {
  const answer = new Map<string, BarColumns>();
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

function columns(bars: readonly BarRow[]): BarColumns {
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
    const b = bars[i] as BarRow;
    dates[i] = b.date;
    open[i] = b.open;
    high[i] = b.high;
    low[i] = b.low;
    close[i] = b.close;
    volume[i] = b.volume;
    let s = interned.get(b.source);
    if (s === undefined) {
      s = b.source;
      interned.set(s, s);
    }
    sources[i] = s;
  }
  return { dates, open, high, low, close, volume, sources };
}
