import { type Kysely, sql, type Transaction } from 'kysely';
import type { FeedEntry } from './records.js';
import type { Database, FeedRecordsTable } from './schema.js';

const ROWS_PER_STATEMENT = 200;

/**
 * Appends record versions to the feed inside the caller's transaction, numbered after the last one. The
 * numbering runs under the feed lock (PostgreSQL: an advisory lock held to commit; SQLite: BEGIN IMMEDIATE
 * already serialises writers), so commit order is seq order: a reader that sees seq n has every seq < n.
 */
export async function appendFeed(
  trx: Transaction<Database> | Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  entries: readonly FeedEntry[],
  recordedAt: string,
): Promise<void> {
  if (entries.length === 0) return;
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('bellwether.feed'))`.execute(trx);
  const head = await trx
    .selectFrom('feed_records')
    .select(sql<string | number>`coalesce(max(seq), 0)`.as('head'))
    .executeTakeFirst();
  let seq = Number(head?.head ?? 0);
  const rows = entries.map(
    (e): FeedRecordsTable => ({
      seq: ++seq,
      dataset: e.dataset,
      record_key: e.record_key,
      session: e.session,
      ticker: e.ticker,
      recorded_at: recordedAt,
      payload: JSON.stringify(e.payload),
    }),
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await trx
      .insertInto('feed_records')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
}

/** The last seq of a dataset inside a transaction (0 when empty): a cursor that has read what it committed. */
export async function feedHead(
  trx: Transaction<Database> | Kysely<Database>,
  dataset: FeedEntry['dataset'],
): Promise<number> {
  const row = await trx
    .selectFrom('feed_records')
    .select(sql<string | number>`coalesce(max(seq), 0)`.as('head'))
    .where('dataset', '=', dataset)
    .executeTakeFirst();
  return Number(row?.head ?? 0);
}
