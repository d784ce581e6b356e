import type { Kysely } from 'kysely';

/**
 * A digest of the server secret (an HMAC of a fixed text under it; the secret cannot be recovered from
 * it), written by the first start after this migration. A node started with another `BELLWETHER_SECRET`
 * would answer 401 to every key and could not open a webhook or broker secret: it reports itself not
 * ready instead (issue #45, ADR 0085). One row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('secret_check')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('secret_check').execute();
}
