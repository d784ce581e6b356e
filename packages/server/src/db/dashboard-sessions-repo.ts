import type { RepoContext } from './repo-context.js';
import type { DashboardSessionRecord, DashboardSessionsRepo } from './repositories.js';

export function createDashboardSessionsRepo({ db }: RepoContext): DashboardSessionsRepo {
  return {
    async create(s) {
      await db.insertInto('dashboard_sessions').values(s).execute();
    },
    async get(id, now) {
      const row = await db
        .selectFrom('dashboard_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row as DashboardSessionRecord | undefined;
    },
    async delete(id) {
      await db.deleteFrom('dashboard_sessions').where('id', '=', id).execute();
    },
    async purgeExpired(now) {
      await db.deleteFrom('dashboard_sessions').where('expires_at', '<=', now).execute();
    },
    async recordFailure(account_id, at) {
      await db.insertInto('dashboard_login_failures').values({ account_id, at }).execute();
    },
    async failuresSince(account_id, since) {
      const row = await db
        .selectFrom('dashboard_login_failures')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', account_id)
        .where('at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
