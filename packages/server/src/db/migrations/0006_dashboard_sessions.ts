import type { Kysely } from 'kysely';

/**
 * Dashboard sign-in: sessions (`id` is the SHA-256 of the cookie's token, never the token; `csrf` the
 * token state-changing calls must echo) and failed sign-in attempts, for throttling per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_login_failures').execute();
  await db.schema.dropTable('dashboard_sessions').execute();
}
