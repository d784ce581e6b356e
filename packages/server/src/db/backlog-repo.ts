import type { RepoContext } from './repo-context.js';

/** How much work waits, and since when (ISO instants; null: none waits). */
export interface Backlog {
  /** Analysis jobs queued, not yet taken by a runner. */
  readonly analysisQueued: number;
  readonly analysisOldestQueuedAt: string | null;
  /** Analysis jobs running now (taken, lease held). */
  readonly analysisRunning: number;
  /** Webhook deliveries not finished: waiting for their attempt (or its retry) or being attempted. */
  readonly webhooksPending: number;
  readonly webhooksOldestPendingAt: string | null;
}

/** The queues' depths and ages, for /metrics (issue #45): one read each, indexed by status. */
export interface BacklogRepo {
  read(): Promise<Backlog>;
}

export function createBacklogRepo({ db }: RepoContext): BacklogRepo {
  return {
    async read() {
      const jobs = await db
        .selectFrom('analysis_jobs')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('status', 'in', ['queued', 'running'])
        .groupBy('status')
        .execute();
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', ['pending', 'delivering'])
        .executeTakeFirst();
      const queued = jobs.find((j) => j.status === 'queued');
      const running = jobs.find((j) => j.status === 'running');
      return {
        analysisQueued: Number(queued?.n ?? 0),
        analysisOldestQueuedAt: queued?.oldest ?? null,
        analysisRunning: Number(running?.n ?? 0),
        webhooksPending: Number(deliveries?.n ?? 0),
        webhooksOldestPendingAt: deliveries?.oldest ?? null,
      };
    },
  };
}
