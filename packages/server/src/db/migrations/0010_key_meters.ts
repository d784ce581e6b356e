import { type Kysely, sql } from 'kysely';

/**
 * Quota meters (ADR 0064): a key's quota is counted on its meter, not on the key itself, and a new key
 * takes over the meter of a revoked key of its account before a fresh one is made, so revoking a key
 * and creating another never yields a fresh quota. Existing keys keep their own id as their meter,
 * which is what their usage rows are already counted under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('meter_id', 'text').execute();
  await sql`update api_keys set meter_id = id`.execute(db);
  await db.schema
    .createIndex('api_keys_account_meter_idx')
    .on('api_keys')
    .columns(['account_id', 'meter_id'])
    .execute();
  await db.schema
    .createIndex('api_keys_account_created_idx')
    .on('api_keys')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_keys_account_created_idx').execute();
  await db.schema.dropIndex('api_keys_account_meter_idx').execute();
  await db.schema.alterTable('api_keys').dropColumn('meter_id').execute();
}
