import type { RepoContext } from './repo-context.js';

/** The as-of clock's origin, once per deployment and as-of instant (migration 0023). */
export interface AsOfOriginsRepo {
  /**
   * The real instant (epoch ms) at which the deployment's clock stood at `asOf`: `startedAt` when this is
   * the first process to ask (it is recorded), else what the first one recorded.
   */
  origin(asOf: string, startedAt: number): Promise<number>;
}

export function createAsOfOriginsRepo({ db }: RepoContext): AsOfOriginsRepo {
  return {
    async origin(asOf, startedAt) {
      await db
        .insertInto('as_of_origins')
        .values({ as_of: asOf, started_at: startedAt })
        .onConflict((oc) => oc.column('as_of').doNothing())
        .execute();
      const row = await db
        .selectFrom('as_of_origins')
        .select('started_at')
        .where('as_of', '=', asOf)
        .executeTakeFirstOrThrow();
      return Number(row.started_at);
    },
  };
}
