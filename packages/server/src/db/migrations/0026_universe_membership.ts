import type { Kysely } from 'kysely';

/**
 * Point-in-time membership of the universe (issue #48, ADR 0088): the intervals during which a ticker
 * was a member (`start_date` inclusive, `end_date` the first day no longer one, null while still a
 * member; several per ticker), from `bellwether universe add --file` with `ticker,start_date,end_date`.
 * A ticker without intervals is a member always, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('universe_membership')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('universe_membership_pkey', ['ticker', 'start_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('universe_membership').execute();
}
