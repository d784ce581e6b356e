import type { Kysely } from 'kysely';

/**
 * Series a provider serves already adjusted (Stooq: for splits and dividends), stored as such and never
 * adjusted again on read (issue #24, ADR 0067). A ticker absent here holds raw prices with its corporate
 * actions beside them, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adjusted_series')
    .addColumn('ticker', 'text', (c) => c.primaryKey())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adjusted_series').execute();
}
