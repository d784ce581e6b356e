import type { Kysely } from 'kysely';

/**
 * Initial schema. Written with portable types only (text, integer) so the same file runs on SQLite
 * and PostgreSQL: JSON as text, timestamps as ISO-8601 `Z` text. Frozen once released — later changes
 * go into new numbered files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('overrides', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_account_id_idx').on('users').column('account_id').execute();

  await db.schema
    .createTable('broker_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('broker', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('broker_credentials_account_id_idx')
    .on('broker_credentials')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // Serves listByAccount and the active-key count of the per-account cap.
  await db.schema
    .createIndex('api_keys_account_id_revoked_at_idx')
    .on('api_keys')
    .columns(['account_id', 'revoked_at'])
    .execute();

  // No foreign key to api_keys: keys are never deleted, and a usage flush must not fail as a whole
  // because one delta names an unknown key.
  await db.schema
    .createTable('usage')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('quota_window', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_pkey', ['key_id', 'quota_window', 'window_start'])
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cards_session_position_idx')
    .on('cards')
    .columns(['session', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cards', 'usage', 'api_keys', 'broker_credentials', 'users', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
