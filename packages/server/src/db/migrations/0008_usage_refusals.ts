import type { Kysely } from 'kysely';

/**
 * Requests refused with 429, per key, quota window and the limit that refused them (`burst` or `quota`),
 * in the same windows as `usage` but never in it: `usage` is what a key is billed for, this table is what
 * the dashboard shows beside it. Written by the usage ledger's flush (one upsert + increment per window
 * and policy), so a flood of refused requests costs memory counters, not writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to api_keys, as for `usage`: a flush must not fail as a whole over one unknown key.
  await db.schema
    .createTable('usage_refusals')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('quota_window', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_refusals_pkey', ['key_id', 'quota_window', 'window_start', 'policy'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_refusals').execute();
}
