import type { Kysely } from 'kysely';

/**
 * Dashboard sign-in throttling by leaky buckets (ADR 0065), replacing the per-account failure log: one
 * row per subject (a client address, an email whether or not an account has it, or the pair), holding
 * the bucket's level as of `updated_at`. The level drains with time, so a quiet subject is as good as
 * absent and its row may be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('level', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('drained_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_throttle_drained_idx')
    .on('sign_in_throttle')
    .column('drained_at')
    .execute();
  await db.schema
    .createIndex('dashboard_sessions_expires_idx')
    .on('dashboard_sessions')
    .column('expires_at')
    .execute();
  await db.schema.dropTable('dashboard_login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_login_failures')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dashboard_login_failures_idx')
    .on('dashboard_login_failures')
    .columns(['account_id', 'at'])
    .execute();
  await db.schema.dropIndex('dashboard_sessions_expires_idx').execute();
  await db.schema.dropTable('sign_in_throttle').execute();
}
