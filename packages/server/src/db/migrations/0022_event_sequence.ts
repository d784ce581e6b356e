import { type Kysely, sql } from 'kysely';

/**
 * The events log's high-water mark, kept apart from the rows (issue #45, ADR 0084). Until now a new event
 * was numbered max(seq)+1, so purging the newest events handed their numbers out again and the next event,
 * carrying a number readers had already passed, was never delivered (webhooks or the stream). One row holds
 * the last number handed out; `appendEvents` moves it under the row's lock, so numbers are never reused and
 * seq order stays commit order.
 *
 * Seeded above every number the deployment may have seen: the log's rows, the fan-out's cursors and the
 * deliveries (a database already hit by the reuse has a cursor ahead of its rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_sequence')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into event_sequence (id, last_seq)
    select 1, max(s) from (
      select coalesce(max(seq), 0) as s from events
      union all select coalesce(max(seq), 0) from event_cursors
      union all select coalesce(max(event_seq), 0) from webhook_deliveries
    ) as highs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_sequence').execute();
}
