import type { Selectable } from 'kysely';
import { newId } from './ids.js';
import type { UserRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { UsersRepo } from './repositories.js';
import type { UsersTable } from './schema.js';

/** Emails compare case-insensitively and without surrounding blanks; the address as entered is kept. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createUsersRepo({ db, now }: RepoContext): UsersRepo {
  return {
    async create(input) {
      const row = await db
        .insertInto('users')
        .values({
          id: newId('usr'),
          account_id: input.account_id,
          email: input.email.trim(),
          email_normalized: normalizeEmail(input.email),
          name: input.name,
          password_hash: input.password_hash,
          created_at: now(),
        })
        .onConflict((oc) => oc.column('email_normalized').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? { ok: true, user: toUserRecord(row) } : { ok: false, reason: 'email_taken' };
    },

    async getByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email_normalized', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row && toUserRecord(row);
    },

    async listByAccount(account_id) {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toUserRecord);
    },
  };
}

function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    account_id: row.account_id,
    email: row.email,
    name: row.name,
    password_hash: row.password_hash,
    created_at: row.created_at,
  };
}
