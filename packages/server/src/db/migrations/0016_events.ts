import type { Kysely } from 'kysely';

/**
 * Events and webhooks (issue #27, ADR 0069, docs/events.md).
 *
 * `events` is the outbox: every change a customer may hear of (cards published, an analysis finished, a
 * key rotated…) appends a row in the transaction that makes the change. `seq` is assigned under a lock
 * held to commit, so seq order is commit order and a reader that has seen seq n has seen everything
 * before it (what the stream's resume and the webhook fan-out rely on). `account_id` null is a
 * market-wide event (cards, outcomes, stale data) every account may see; `endpoint_id` set is a test
 * event addressed to one webhook endpoint only. `dedupe_key`, when set, makes an event that is not
 * written with a state change (a quota warning, a stale ticker) be written once however many processes
 * notice it.
 *
 * `webhook_endpoints` holds each endpoint with its signing secret encrypted by the platform's cipher
 * (and the previous secret during a rotation); `webhook_deliveries` is the delivery queue and its
 * history (one row per event and endpoint, claimed with a lease, each attempt fenced by its number);
 * `webhook_attempts` records every attempt; `event_cursors` is how far the fan-out has read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('endpoint_id', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('events_account_seq_idx').on('events').columns(['account_id', 'seq']).execute();
  await db.schema.createIndex('events_occurred_idx').on('events').column('occurred_at').execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_account_idx')
    .on('webhook_endpoints')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_seq', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // 0 for the fan-out's delivery; 1, 2… for replays the customer asked for.
    .addColumn('replay', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_once_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'event_seq', 'replay'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_lease_idx')
    .on('webhook_deliveries')
    .columns(['status', 'lease_until'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('event_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['event_cursors', 'webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'events'])
    await db.schema.dropTable(t).execute();
}
