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
  };
}
