import type { Kysely } from 'kysely';

/**
 * Card publications — one row per published session, even one that produced no card: the row is the
 * exactly-once token (its primary key decides which of several racing publishers writes) — and the cards'
 * track record: one row per card once its outcome is known (never rewritten). Prices in the
 * card's own basis; `t1_before_stop` 1/0, null for a card that never filled; sessions `YYYY-MM-DD`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_publications')
    .addColumn('session', 'text', (c) => c.primaryKey())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('data_as_of', 'text', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('card_outcomes')
    .addColumn('card_id', 'text', (c) => c.primaryKey())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('t1_before_stop', 'integer')
    .addColumn('fill_price', 'double precision')
    .addColumn('fill_session', 'text')
    .addColumn('outcome_session', 'text', (c) => c.notNull())
    .addColumn('r_multiple', 'double precision')
    .addColumn('mfe_r', 'double precision')
    .addColumn('mae_r', 'double precision')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_outcomes_session_idx').on('card_outcomes').column('session').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_outcomes').execute();
  await db.schema.dropTable('card_publications').execute();
}
