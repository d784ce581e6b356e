import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * SQLite only: each ticker's daily bars of a calendar year also kept as one row of columns
 * (`market/store/bar-blocks.ts`, ADR 0079). Histories are read from these blocks, ~6× faster than row by
 * row, which a cold screen over 500 tickers needs (issue #28). `daily_bars` stays the record; the market
 * repository rewrites a year's block in the transaction that writes its bars. Existing bars are copied
 * into blocks here. PostgreSQL reads rows: the blocks cost its bulk import a third of its speed.
 *
 * The encoding below is the block format as this migration introduced it, written out here rather than
 * imported from the market store: a migration is a fixed step and the database layer sits below the
 * market layer (issue #47). A later format would come with its own migration;
 * `test/market/bar-blocks.test.ts` reads the blocks built here with the store's decoder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.schema
    .createTable('daily_bar_blocks')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('bars', 'integer', (c) => c.notNull())
    .addColumn('days', 'blob', (c) => c.notNull())
    .addColumn('prices', 'blob', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_bar_blocks_pkey', ['ticker', 'year'])
    .execute();
  const tickers = await sql<{ ticker: string }>`select distinct ticker from daily_bars`.execute(db);
  for (const { ticker } of tickers.rows) {
    const rows = await sql<BarRow>`
      select date, open, high, low, close, volume, source from daily_bars where ticker = ${ticker} order by date
    `.execute(db);
    for (const block of yearBlocks(rows.rows))
      await sql`
        insert into daily_bar_blocks (ticker, year, bars, days, prices, sources)
        values (${ticker}, ${block.year}, ${block.bars}, ${block.days}, ${block.prices}, ${block.sources})
      `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.schema.dropTable('daily_bar_blocks').execute();
}

interface BarRow {
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly source: string;
}

const DAY_MS = 86_400_000;
const PRICES: readonly (keyof BarRow)[] = ['open', 'high', 'low', 'close', 'volume'];

/**
 * Rows ascending by date as one block per calendar year: days as little-endian int32 days since
 * 1970-01-01, the five prices as one little-endian float64 array (open × n, high × n, low × n, close × n,
 * volume × n), the sources run-length encoded as JSON.
 */
function yearBlocks(rows: readonly BarRow[]) {
  const out = [];
  let start = 0;
  while (start < rows.length) {
    const year = (rows[start] as BarRow).date.slice(0, 4);
    let end = start + 1;
    while (end < rows.length && (rows[end] as BarRow).date.slice(0, 4) === year) end++;
    const bars = rows.slice(start, end);
    const n = bars.length;
    const days = Buffer.alloc(4 * n);
    const prices = Buffer.alloc(8 * PRICES.length * n);
    const runs: [string, number][] = [];
    bars.forEach((b, i) => {
      days.writeInt32LE(Date.parse(`${b.date}T00:00:00Z`) / DAY_MS, 4 * i);
      PRICES.forEach((c, k) => {
        prices.writeDoubleLE(b[c] as number, 8 * (k * n + i));
      });
      const last = runs.at(-1);
      if (last !== undefined && last[0] === b.source) last[1]++;
      else runs.push([b.source, 1]);
    });
    out.push({ year: Number(year), bars: n, days, prices, sources: JSON.stringify(runs) });
    start = end;
  }
  return out;
}
