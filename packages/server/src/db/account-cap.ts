import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Tables whose rows an account may hold only so many of. */
type CappedTable = 'webhook_endpoints' | 'saved_screens' | 'broker_connections';

/**
 * Inside a creating transaction: whether `account_id` holds fewer than `max` rows of `table`. Creations
 * of one account's rows of a table are serialised first (PostgreSQL: a transaction advisory lock; SQLite:
 * BEGIN IMMEDIATE already does), so two racing creations cannot both pass the cap.
 */
export async function belowAccountCap(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  table: CappedTable,
  account_id: string,
  max: number,
): Promise<boolean> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`bellwether.${table}.${account_id}`}))`.execute(trx);
  const held = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', account_id)
    .executeTakeFirst();
  return Number(held?.n ?? 0) < max;
}
