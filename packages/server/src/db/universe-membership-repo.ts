import { Membership, type MembershipInterval } from '../market/universe/membership.js';
import type { RepoContext } from './repo-context.js';

/** Rows per insert: well under both dialects' bound-parameter limits. */
const CHUNK = 500;

/** The universe's point-in-time membership intervals (migration 0026, ADR 0088). */
export interface UniverseMembershipRepo {
  /** Every stored interval with its source, as one `Membership` (static, no intervals, when none). */
  load(): Promise<Membership>;
  /**
   * Replaces the intervals of the tickers `intervals` names (other tickers keep theirs) in one
   * transaction: a re-import of the same file changes nothing. Returns the tickers and intervals stored.
   */
  replace(
    intervals: readonly MembershipInterval[],
    source: string,
  ): Promise<{ readonly tickers: number; readonly intervals: number }>;
  /** Drops the intervals of `tickers` (they become members always); returns how many intervals went. */
  clear(tickers: readonly string[]): Promise<number>;
}

export function createUniverseMembershipRepo({ db, now }: RepoContext): UniverseMembershipRepo {
  return {
    async load() {
      const rows = await db
        .selectFrom('universe_membership')
        .select(['ticker', 'start_date', 'end_date', 'source'])
        .orderBy('ticker')
        .orderBy('start_date')
        .execute();
      const sources = [...new Set(rows.map((r) => r.source))].sort();
      return new Membership(
        rows.map(({ ticker, start_date, end_date }) => ({ ticker, start_date, end_date })),
        sources.length === 0 ? null : sources.join(', '),
      );
    },

    async replace(intervals, source) {
      const tickers = [...new Set(intervals.map((i) => i.ticker))];
      const added_at = now();
      await db.transaction().execute(async (trx) => {
        for (let k = 0; k < tickers.length; k += CHUNK)
          await trx
            .deleteFrom('universe_membership')
            .where('ticker', 'in', tickers.slice(k, k + CHUNK))
            .execute();
        for (let k = 0; k < intervals.length; k += CHUNK)
          await trx
            .insertInto('universe_membership')
            .values(intervals.slice(k, k + CHUNK).map((i) => ({ ...i, source, added_at })))
            .execute();
      });
      return { tickers: tickers.length, intervals: intervals.length };
    },

    async clear(tickers) {
      if (tickers.length === 0) return 0;
      const r = await db.deleteFrom('universe_membership').where('ticker', 'in', tickers).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
