import type { UsageDelta } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { UsageRepo } from './repositories.js';
import type { UsageTable } from './schema.js';

/** Rows per INSERT statement: 4 parameters each stays far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 500;

export function createUsageRepo({ db }: RepoContext): UsageRepo {
  return {
    async add(deltas) {
      const rows = mergeDeltas(deltas);
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('usage')
            .values(rows.slice(i, i + ROWS_PER_STATEMENT))
            .onConflict((oc) =>
              oc
                .columns(['key_id', 'quota_window', 'window_start'])
                .doUpdateSet((eb) => ({ count: eb('usage.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        }
      });
    },

    async get(key_id, window, window_start) {
      const row = await db
        .selectFrom('usage')
        .select('count')
        .where('key_id', '=', key_id)
        .where('quota_window', '=', window)
        .where('window_start', '=', window_start)
        .executeTakeFirst();
      return row === undefined ? 0 : Number(row.count);
    },

    async history(key_id, window, since) {
      const rows = await db
        .selectFrom('usage')
        .select(['window_start', 'count'])
        .where('key_id', '=', key_id)
        .where('quota_window', '=', window)
        .where('window_start', '>=', since)
        .orderBy('window_start')
        .execute();
      return rows.map((r) => ({ window_start: r.window_start, count: Number(r.count) }));
    },
  };
}

/**
 * One row per (key, window, start) with the summed delta, zero sums dropped, in a fixed order: one
 * statement may not touch a row twice, and a fixed lock order keeps concurrent batches deadlock-free.
 */
function mergeDeltas(deltas: readonly UsageDelta[]): UsageTable[] {
  const merged = new Map<string, UsageTable>();
  for (const d of deltas) {
    if (!Number.isSafeInteger(d.delta))
      throw new RangeError(`Usage delta must be an integer, got ${d.delta}`);
    const id = JSON.stringify([d.key_id, d.window, d.window_start]);
    const row = merged.get(id);
    if (row) row.count += d.delta;
    else
      merged.set(id, {
        key_id: d.key_id,
        quota_window: d.window,
        window_start: d.window_start,
        count: d.delta,
      });
  }
  return [...merged.entries()]
    .filter(([, row]) => row.count !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}
