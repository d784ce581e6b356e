import type { Kysely } from 'kysely';

/**
 * Broker connections (issue #30). `broker_credentials` (never used by a release: nothing wrote to it)
 * becomes `broker_connections`: the credentials sealed with the platform cipher, what the customer may
 * see of them (the key id's last four characters, the broker's account number), the connection's caps
 * and automation, and when it was last checked. `broker_orders` holds each order placed from a card
 * under our own client order id (unique: a restart or a retry can never submit it twice), its
 * Idempotency-Key (unique per account) and an automation key (connection and card, unique: automation
 * places a card once however many processes run it); the two halves of a split T1/T2 order share a
`group_id`. `broker_calls` is the audit log: every broker call
 * and its answer, never a credential.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('broker_credentials').execute();
  await db.schema
    .createTable('broker_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('broker', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('key_id_last4', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('broker_account_number', 'text')
    .addColumn('currency', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('max_order_qty', 'integer', (c) => c.notNull())
    .addColumn('max_order_notional', 'double precision', (c) => c.notNull())
    .addColumn('automation', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('broker_connections_account_idx')
    .on('broker_connections')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('broker_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('client_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_digest', 'text', (c) => c.notNull())
    .addColumn('automation_key', 'text', (c) => c.unique())
    .addColumn('group_id', 'text')
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('limit_price', 'double precision', (c) => c.notNull())
    .addColumn('take_profit_price', 'double precision', (c) => c.notNull())
    .addColumn('stop_price', 'double precision', (c) => c.notNull())
    .addColumn('risk', 'double precision', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('broker_order_id', 'text')
    .addColumn('broker_status', 'text')
    .addColumn('filled_qty', 'integer', (c) => c.notNull())
    .addColumn('filled_avg_price', 'double precision')
    .addColumn('exit_reason', 'text')
    .addColumn('exit_price', 'double precision')
    .addColumn('realised_r', 'double precision')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('broker_orders_account_key_idx')
    .on('broker_orders')
    .columns(['account_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('broker_orders_connection_idx')
    .on('broker_orders')
    .columns(['connection_id', 'session'])
    .execute();
  await db.schema
    .createIndex('broker_orders_card_idx')
    .on('broker_orders')
    .columns(['account_id', 'card_id'])
    .execute();

  await db.schema
    .createTable('broker_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_body', 'text')
    .addColumn('status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('broker_calls_connection_idx')
    .on('broker_calls')
    .columns(['connection_id', 'at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('broker_calls').execute();
  await db.schema.dropTable('broker_orders').execute();
  await db.schema.dropTable('broker_connections').execute();
  await db.schema
    .createTable('broker_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('broker', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
