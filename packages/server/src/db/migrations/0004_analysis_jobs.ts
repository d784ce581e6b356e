import type { Kysely } from 'kysely';

/**
 * Analysis jobs (the source of truth; queues are only transport), the reports they produced (one per
 * ticker, tier, adjustment and data as-of; shared by every job that asked for it), and Idempotency-Key
 * reservations (scoped to the account; kept at least 24 h). Timestamps ISO-8601 `Z` text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analysis_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('report_id', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('analysis_jobs_account_idx')
    .on('analysis_jobs')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('analysis_jobs_status_idx').on('analysis_jobs').column('status').execute();
  await db.schema
    .createTable('analysis_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('analysis_reports').execute();
  await db.schema.dropTable('analysis_jobs').execute();
}
