import { type Selectable, sql } from 'kysely';
import { keyEvent } from './change-events.js';
import { appendEvents } from './event-outbox.js';
import type { ApiKeyRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { ApiKeysRepo } from './repositories.js';
import type { ApiKeysTable } from './schema.js';

export function createApiKeysRepo({ db, dialect, now, eventSignal }: RepoContext): ApiKeysRepo {
  return {
    async create(input) {
      return db.transaction().execute(async (trx) => {
        // Serialises key creation per account: PostgreSQL locks the account row; on SQLite the
        // transaction already holds the database write lock (BEGIN IMMEDIATE).
        const account = await trx
          .selectFrom('accounts')
          .select('id')
          .where('id', '=', input.account_id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (account === undefined) {
          throw new Error(`Cannot create API key ${input.id}: account ${input.account_id} does not exist`);
        }
        const { active } = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('active'))
          .where('account_id', '=', input.account_id)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(active) >= input.max_keys) return { ok: false, reason: 'key_limit_reached' } as const;
        const at = now();
        const limit = input.creation_limit;
        if (limit !== undefined) {
          const since = new Date(Date.parse(at) - limit.window_ms).toISOString();
          const recent = await trx
            .selectFrom('api_keys')
            .select('created_at')
            .where('account_id', '=', input.account_id)
            .where('created_at', '>', since)
            .orderBy('created_at')
            .execute();
          if (recent.length >= limit.max) {
            // The creation that must leave the window before another fits in it.
            const leaving = recent[recent.length - limit.max] as { created_at: string };
            const retry_after_ms = Math.max(
              1,
              Date.parse(leaving.created_at) + limit.window_ms - Date.parse(at),
            );
            return { ok: false, reason: 'creation_rate_limited', retry_after_ms } as const;
          }
        }
        // A meter no active key holds (its key was revoked) is taken over before a fresh one is made, so
        // the account never has more meters than keys it could hold at once (ADR 0064).
        const meter = sql<string>`coalesce(meter_id, id)`;
        const free = await trx
          .selectFrom('api_keys')
          .select(meter.as('meter_id'))
          .where('account_id', '=', input.account_id)
          .groupBy(meter)
          .having(sql`sum(case when revoked_at is null then 1 else 0 end)`, '=', 0)
          .orderBy(sql`min(created_at)`)
          .limit(1)
          .executeTakeFirst();

        const row: ApiKeysTable = {
          id: input.id,
          account_id: input.account_id,
          name: input.name,
          digest: input.digest,
          version: 1,
          last4: input.last4,
          created_at: at,
          rotated_at: null,
          revoked_at: null,
          meter_id: free?.meter_id ?? input.id,
        };
        await trx.insertInto('api_keys').values(row).execute();
        return { ok: true, key: toApiKeyRecord(row) } as const;
      });
    },

    async get(id) {
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toApiKeyRecord(row);
    },

    async getForAccount(account_id, id) {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', account_id)
        .executeTakeFirst();
      return row && toApiKeyRecord(row);
    },

    async listByAccount(account_id) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toApiKeyRecord);
    },

    async rotate(id, digest, last4) {
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const rotated = await trx
          .updateTable('api_keys')
          .set((eb) => ({ digest, last4, version: eb('version', '+', 1), rotated_at: at }))
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (rotated !== undefined) await appendEvents(trx, [keyEvent('key.rotated', rotated)], at);
        return rotated;
      });
      if (row !== undefined) eventSignal.notify();
      return row && toApiKeyRecord(row);
    },

    async revoke(id) {
      const at = now();
      const revoked = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('api_keys')
          .set((eb) => ({ version: eb('version', '+', 1), revoked_at: at }))
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (row !== undefined) await appendEvents(trx, [keyEvent('key.revoked', row)], at);
        return row;
      });
      if (revoked) eventSignal.notify();
      if (revoked) return toApiKeyRecord(revoked);
      // Already revoked (unchanged, so revoking twice is a no-op) or absent.
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toApiKeyRecord(row);
    },

    async rename(account_id, id, name) {
      const row = await db
        .updateTable('api_keys')
        .set({ name })
        .where('id', '=', id)
        .where('account_id', '=', account_id)
        .returningAll()
        .executeTakeFirst();
      return row && toApiKeyRecord(row);
    },
  };
}

function toApiKeyRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    digest: row.digest,
    version: Number(row.version),
    last4: row.last4,
    created_at: row.created_at,
    rotated_at: row.rotated_at,
    revoked_at: row.revoked_at,
    meter_id: row.meter_id ?? row.id,
  };
}
