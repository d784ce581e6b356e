import type { Kysely } from 'kysely';

/**
 * The institutional feed's log: one row per record version, numbered by `seq` in commit order (writers
 * take the feed lock, so a reader that sees seq n has seen every seq below it). `dataset` is `cards`,
 * `signals` or `analytics`; `record_key` identifies the record a version belongs to (a card id, or
 * `<session>:<ticker>`); `payload` is its JSON. Rows are never updated or deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_records')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_records_dataset_idx')
    .on('feed_records')
    .columns(['dataset', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_records').execute();
}
