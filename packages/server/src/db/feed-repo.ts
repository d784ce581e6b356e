import { sql } from 'kysely';
import type { FeedRecord } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { FeedQuery, FeedRepo } from './repositories.js';

export function createFeedRepo({ db }: RepoContext): FeedRepo {
  return {
    async head(dataset) {
      const row = await db
        .selectFrom('feed_records')
        .select(sql<string | number | null>`max(seq)`.as('head'))
        .where('dataset', '=', dataset)
        .executeTakeFirst();
      return Number(row?.head ?? 0);
    },

    async firstRecordedAfter(dataset, instant) {
      const row = await db
        .selectFrom('feed_records')
        .select(sql<string | number | null>`min(seq)`.as('first'))
        .where('dataset', '=', dataset)
        .where('recorded_at', '>', instant)
        .executeTakeFirst();
      const first = row?.first;
      return first === null || first === undefined ? undefined : Number(first);
    },

    async sessionSpan(q) {
      if (q.tickers !== undefined && q.tickers.length === 0) return undefined;
      let query = db
        .selectFrom('feed_records')
        .select([sql<string | null>`min(session)`.as('first'), sql<string | null>`max(session)`.as('last')])
        .where('dataset', '=', q.dataset)
        .where('seq', '<=', q.through);
      if (q.recordedThrough !== undefined) query = query.where('recorded_at', '<=', q.recordedThrough);
      if (q.tickers !== undefined) query = query.where('ticker', 'in', q.tickers);
      const row = await query.executeTakeFirst();
      if (row === undefined || row.first === null || row.last === null) return undefined;
      return { first: row.first, last: row.last };
    },

    async page(q: FeedQuery) {
      let query = db
        .selectFrom('feed_records')
        .selectAll()
        .where('dataset', '=', q.dataset)
        .where('seq', '>', q.after)
        .where('seq', '<=', q.through);
      if (q.recordedThrough !== undefined) query = query.where('recorded_at', '<=', q.recordedThrough);
      if (q.from !== undefined) query = query.where('session', '>=', q.from);
      if (q.to !== undefined) query = query.where('session', '<=', q.to);
      if (q.tickers !== undefined) {
        // An empty list matches nothing, in both stores (PostgreSQL refuses `in ()`; SQLite accepts it).
        if (q.tickers.length === 0) return [];
        query = query.where('ticker', 'in', q.tickers);
      }
      const rows = await query.orderBy('seq').limit(q.limit).execute();
      return rows.map(
        (r): FeedRecord => ({
          seq: Number(r.seq),
          dataset: r.dataset,
          record_key: r.record_key,
          session: r.session,
          ticker: r.ticker,
          recorded_at: r.recorded_at,
          payload: r.payload,
        }),
      );
    },
  };
}
