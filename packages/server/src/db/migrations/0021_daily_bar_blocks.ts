import { type Kysely, SqliteAdapter } from 'kysely';
import { rebuildBarBlocks } from '../../market/store/bar-blocks.js';
import type { MarketTables } from '../../market/store/tables.js';

/**
 * SQLite only: each ticker's daily bars of a calendar year also kept as one row of columns
 * (`market/store/bar-blocks.ts`, ADR 0079). Histories are read from these blocks, ~6× faster than row by
 * row, which a cold screen over 500 tickers needs (issue #28). `daily_bars` stays the record; the market
 * repository rewrites a year's block in the transaction that writes its bars. Existing bars are copied
 * into blocks here. PostgreSQL reads rows: the blocks cost its bulk import a third of its speed.
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
  const market = db as unknown as Kysely<MarketTables>;
  const tickers = await market.selectFrom('daily_bars').select('ticker').distinct().execute();
  for (const { ticker } of tickers) await rebuildBarBlocks(market, ticker);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.schema.dropTable('daily_bar_blocks').execute();
}
