import type { Selectable } from 'kysely';
import { newId } from './ids.js';
import type { AccountOverrides, AccountRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { AccountsRepo } from './repositories.js';
import type { AccountsTable } from './schema.js';

export function createAccountsRepo({ db, now }: RepoContext): AccountsRepo {
  return {
    async create(input) {
      const row: AccountsTable = {
        id: newId('acc'),
        name: input.name,
        plan_id: input.plan_id,
        overrides: JSON.stringify(input.overrides ?? {}),
        created_at: now(),
      };
      await db.insertInto('accounts').values(row).execute();
      return toAccountRecord(row);
    },

    async get(id) {
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAccountRecord(row);
    },

    async setPlan(id, plan_id) {
      const row = await db
        .updateTable('accounts')
        .set({ plan_id })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccountRecord(row);
    },

    async setOverrides(id, overrides) {
      const row = await db
        .updateTable('accounts')
        .set({ overrides: JSON.stringify(overrides) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccountRecord(row);
    },

    async list() {
      const rows = await db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toAccountRecord);
    },
  };
}

function toAccountRecord(row: Selectable<AccountsTable>): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    plan_id: row.plan_id,
    overrides: JSON.parse(row.overrides) as AccountOverrides,
    created_at: row.created_at,
  };
}
