import type { Kysely } from 'kysely';

/**
 * Tickers the market-data sync left short of their last session, with a customer-safe reason code
 * (issue #45, ADR 0084): what /instruments says beside `stale: true`, and how the sync knows to send
 * `data.fresh` when a ticker's data arrive again. The provider's own message (which may name the
 * operator's upstream address) stays in the operator's logs, never here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stale_tickers')
    .addColumn('ticker', 'text', (c) => c.primaryKey())
    .addColumn('expected_session', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('known_through', 'text')
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stale_tickers').execute();
}
