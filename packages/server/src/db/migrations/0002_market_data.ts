import type { Kysely } from 'kysely';

/**
 * Market data (DESIGN §6): instruments, raw daily bars, corporate actions, intraday trades and quotes,
 * news, and a log of ingestion runs. Portable types only: prices and sizes are `double precision`
 * (REAL on SQLite, float8 on PostgreSQL — both exact IEEE doubles), dates `YYYY-MM-DD` text, intraday
 * times epoch milliseconds as `bigint`, instants ISO-8601 `Z` text. Every row records where it came from
 * in `source` (`synthetic`, `csv:<file>`, …); on news, whose `source` is the publisher, that is `data_source`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('ticker', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('exchange', 'text')
    .addColumn('asset_class', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('sector', 'text')
    .addColumn('calendar', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('daily_bars')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_bars_pkey', ['ticker', 'date'])
    .execute();

  await db.schema
    .createTable('corporate_actions')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    // `split` (value = new shares per old share) or `dividend` (value = cash per share, as paid).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('corporate_actions_pkey', ['ticker', 'date', 'kind'])
    .execute();

  // `seq` orders prints with the same millisecond (their position among them in the file).
  await db.schema
    .createTable('trades')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('size', 'double precision', (c) => c.notNull())
    .addColumn('side', 'text')
    .addColumn('condition', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trades_pkey', ['ticker', 'ts', 'seq'])
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bid', 'double precision', (c) => c.notNull())
    .addColumn('ask', 'double precision', (c) => c.notNull())
    .addColumn('bid_size', 'double precision', (c) => c.notNull())
    .addColumn('ask_size', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quotes_pkey', ['ticker', 'ts', 'seq'])
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('url', 'text')
    .addColumn('data_source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_published_at_idx').on('news').column('published_at').execute();

  await db.schema
    .createTable('news_tickers')
    .addColumn('news_id', 'text', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_tickers_pkey', ['news_id', 'ticker'])
    .execute();
  await db.schema.createIndex('news_tickers_ticker_idx').on('news_tickers').column('ticker').execute();

  await db.schema
    .createTable('ingest_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ticker', 'text')
    .addColumn('inserted', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ingest_runs',
    'news_tickers',
    'news',
    'quotes',
    'trades',
    'corporate_actions',
    'daily_bars',
    'instruments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
