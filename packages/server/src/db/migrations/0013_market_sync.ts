import type { Kysely } from 'kysely';

/**
 * The market-data sync (issue #24, ADR 0067):
 * - `universe`: the tickers the operator follows (`bellwether universe add|remove`); empty means every
 *   stored active instrument.
 * - `sync_checkpoints`: per provider, ticker and kind (`bars`, `news`), the last session date whose data
 *   arrived, written in the same transaction as the data, so an interrupted backfill resumes where it stopped.
 * - `provider_budgets`: the requests each provider key made in the last 24 h and any pause it asked for,
 *   so a restart cannot spend a day's allowance twice.
 * - `leases`: a named lease (the sync) held by one process at a time across the cluster, expiring if its
 *   holder dies.
 * - `bar_revisions`: a stored bar whose values a later write changed (a provider's revision), old and new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('universe')
    .addColumn('ticker', 'text', (c) => c.primaryKey())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_checkpoints')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('through', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_checkpoints_pkey', ['provider', 'ticker', 'kind'])
    .execute();

  await db.schema
    .createTable('provider_budgets')
    .addColumn('budget_id', 'text', (c) => c.primaryKey())
    // JSON array of epoch milliseconds, the requests of the last 24 h.
    .addColumn('sent', 'text', (c) => c.notNull())
    .addColumn('paused_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bar_revisions')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('revised_at', 'text', (c) => c.notNull())
    .addColumn('old_source', 'text', (c) => c.notNull())
    .addColumn('new_source', 'text', (c) => c.notNull())
    .addColumn('old_close', 'double precision', (c) => c.notNull())
    .addColumn('new_close', 'double precision', (c) => c.notNull())
    .addColumn('old_volume', 'double precision', (c) => c.notNull())
    .addColumn('new_volume', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bar_revisions_ticker_date_idx')
    .on('bar_revisions')
    .columns(['ticker', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bar_revisions', 'leases', 'provider_budgets', 'sync_checkpoints', 'universe'])
    await db.schema.dropTable(table).execute();
}
