import type { Kysely } from 'kysely';

/**
 * Saved screens (issue #28): an account's named screen — its `where`, `sort` and universe as a JSON
 * request — and the tickers that matched it at `members_session`'s close (JSON array, alphabetical; null
 * until first evaluated). Each session's evaluation replaces the members only when `members_session` is
 * older, in the transaction that appends the `screen.entered` / `screen.left` events, so a session is
 * told once however many processes evaluate it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_screens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('members', 'text')
    .addColumn('members_session', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_screens_account_idx')
    .on('saved_screens')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_screens').execute();
}
