import type { Kysely } from 'kysely';

/**
 * An account's waiting analyses are counted on every submission (at most a fifth of the queue per
 * account, so one account cannot fill it for everyone): indexed by account and status, that count reads
 * only the account's queued jobs, not its 30 days of history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('analysis_jobs_account_status_idx')
    .on('analysis_jobs')
    .columns(['account_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('analysis_jobs_account_status_idx').execute();
}
