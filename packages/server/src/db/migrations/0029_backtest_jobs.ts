import type { Kysely } from 'kysely';

/**
 * Backtests are jobs beside analyses (ADR 0101): the same rows, runner, lease and idempotency keys, told
 * apart by `kind`. A backtest's request (setup, universe, dates, costs) is stored as JSON text in
 * `request`, and its progress while running (`percent`, `sessions_done`) in `progress`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analysis_jobs')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('analysis'))
    .execute();
  await db.schema.alterTable('analysis_jobs').addColumn('request', 'text').execute();
  await db.schema.alterTable('analysis_jobs').addColumn('progress', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_jobs').dropColumn('progress').execute();
  await db.schema.alterTable('analysis_jobs').dropColumn('request').execute();
  await db.schema.alterTable('analysis_jobs').dropColumn('kind').execute();
}
