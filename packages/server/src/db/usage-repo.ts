import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { RefusalCount, RefusalDelta, UsageDelta } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { UsageRepo } from './repositories.js';
import type { Database, UsageRefusalsTable, UsageTable } from './schema.js';

/**
 * Rows per INSERT statement. The flush yields to the event loop between statements, so this bounds
 * how long one flush holds the loop at a time (SQLite writes synchronously): ~0.2 ms for 100 rows.
 */
const ROWS_PER_STATEMENT = 100;
/** Statement texts kept per table (one per batch size seen; a full 100-row text is ~2 kB). */
const TEXTS_KEPT = 64;

export function createUsageRepo({ db, dialect }: RepoContext): UsageRepo {
  const usageUpsert = batchUpsert(
    dialect,
    'usage',
    ['key_id', 'quota_window', 'window_start'],
    (r: UsageTable) => [r.key_id, r.quota_window, r.window_start, r.count],
  );
  const refusalsUpsert = batchUpsert(
    dialect,
    'usage_refusals',
    ['key_id', 'quota_window', 'window_start', 'policy'],
    (r: UsageRefusalsTable) => [r.key_id, r.quota_window, r.window_start, r.policy, r.count],
  );
  return {
    async add(deltas, refusals = []) {
      const rows = mergeDeltas(deltas);
      const refused = mergeRefusals(refusals);
      if (rows.length === 0 && refused.length === 0) return;
      const write = (on: Kysely<Database>) =>
        on.transaction().execute(async (trx) => {
          let statements = 0;
          const run = async (query: CompiledQuery) => {
            // Requests waiting behind a large flush go first: the transaction stays open meanwhile.
            if (statements++ > 0) await nextTurn();
            await trx.executeQuery(query);
          };
          for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
            await run(usageUpsert(rows.slice(i, i + ROWS_PER_STATEMENT)));
          for (let i = 0; i < refused.length; i += ROWS_PER_STATEMENT)
            await run(refusalsUpsert(refused.slice(i, i + ROWS_PER_STATEMENT)));
        });
      if (dialect !== 'sqlite') {
        await write(db);
        return;
      }
      // SQLite: the flush runs on the event loop four times a second, and a commit at synchronous=FULL
      // waits for an fsync there (5–50 ms on a busy disk: the hot path's periodic p99, ADR 0092). Committed
      // at NORMAL, the batch survives a crash of the process at once, and power loss once the WAL
      // checkpointer's thread has synced the log (within a second, wal-checkpointer.ts). Every other
      // write of the connection keeps FULL: the setting is restored before the connection is released.
      await db.connection().execute(async (connection) => {
        await sql`pragma synchronous = NORMAL`.execute(connection);
        try {
          await write(connection);
        } finally {
          await sql`pragma synchronous = FULL`.execute(connection);
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

    async refusals(key_id, window, since) {
      const rows = await db
        .selectFrom('usage_refusals')
        .select(['window_start', 'policy', 'count'])
        .where('key_id', '=', key_id)
        .where('quota_window', '=', window)
        .where('window_start', '>=', since)
        .orderBy('window_start')
        .execute();
      const byWindow = new Map<string, { window_start: string; burst: number; quota: number }>();
      for (const r of rows) {
        let w = byWindow.get(r.window_start);
        if (w === undefined) {
          w = { window_start: r.window_start, burst: 0, quota: 0 };
          byWindow.set(r.window_start, w);
        }
        if (r.policy === 'burst') w.burst += Number(r.count);
        else if (r.policy === 'quota') w.quota += Number(r.count);
      }
      return [...byWindow.values()] satisfies RefusalCount[];
    },
  };
}

/** Resolves after the event loop has handled the I/O that arrived meanwhile. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `INSERT … VALUES (…), … ON CONFLICT (identity) DO UPDATE SET count = count + excluded.count` for a
 * batch of rows, its text built once per row count and dialect. The usage flush writes a row per active
 * key every 250 ms (ADR 0021); Kysely's builder took 3–7 ms of the event loop for a thousand rows, the
 * ready text with bound parameters ~1.9 ms. Texts are kept per row count, at most TEXTS_KEPT of them
 * (batch sizes vary with the number of active keys). Columns: the identity, then `count`; `values`
 * gives a row's parameters in that order.
 */
function batchUpsert<R>(
  dialect: 'sqlite' | 'postgres',
  table: string,
  identity: readonly string[],
  values: (row: R) => readonly unknown[],
): (batch: readonly R[]) => CompiledQuery {
  const columns = [...identity, 'count'];
  const texts = new Map<number, string>();
  const text = (rows: number): string => {
    let sqlText = texts.get(rows);
    if (sqlText === undefined) {
      let n = 0;
      const tuples: string[] = [];
      for (let r = 0; r < rows; r++)
        tuples.push(`(${columns.map(() => (dialect === 'postgres' ? `$${++n}` : '?')).join(', ')})`);
      sqlText =
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} ` +
        `on conflict (${identity.map((c) => `"${c}"`).join(', ')}) ` +
        `do update set "count" = "${table}"."count" + excluded."count"`;
      if (texts.size >= TEXTS_KEPT) texts.clear();
      texts.set(rows, sqlText);
    }
    return sqlText;
  };
  return (batch) => {
    const parameters: unknown[] = [];
    for (const row of batch) for (const v of values(row)) parameters.push(v);
    return CompiledQuery.raw(text(batch.length), parameters);
  };
}

/** Merged rows in the order of their ids. */
const byId = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One row per identity (`parts`) with the summed delta, zero sums dropped, in a fixed order: one
 * statement may not touch a row twice, and a fixed lock order keeps concurrent batches deadlock-free.
 */
function mergeByIdentity<D extends { readonly delta: number }, R extends { count: number }>(
  items: readonly D[],
  parts: (d: D) => readonly string[],
  row: (d: D) => R,
): R[] {
  const merged = new Map<string, R>();
  for (const d of items) {
    const id = JSON.stringify(parts(d));
    const existing = merged.get(id);
    if (existing) existing.count += d.delta;
    else merged.set(id, row(d));
  }
  return [...merged.entries()]
    .filter(([, r]) => r.count !== 0)
    .sort(byId)
    .map(([, r]) => r);
}

/** Usage deltas summed per (key, window, start). */
function mergeDeltas(deltas: readonly UsageDelta[]): UsageTable[] {
  for (const d of deltas)
    if (!Number.isSafeInteger(d.delta))
      throw new RangeError(`Usage delta must be an integer, got ${d.delta}`);
  return mergeByIdentity(
    deltas,
    (d) => [d.key_id, d.window, d.window_start],
    (d) => ({ key_id: d.key_id, quota_window: d.window, window_start: d.window_start, count: d.delta }),
  );
}

/** Refusals summed per (key, window, start, policy); refusals only ever add, so deltas are ≥ 0. */
function mergeRefusals(refusals: readonly RefusalDelta[]): UsageRefusalsTable[] {
  for (const d of refusals)
    if (!Number.isSafeInteger(d.delta) || d.delta < 0)
      throw new RangeError(`A refusal count must be a non-negative integer, got ${d.delta}`);
  return mergeByIdentity(
    refusals,
    (d) => [d.key_id, d.window, d.window_start, d.policy],
    (d) => ({
      key_id: d.key_id,
      quota_window: d.window,
      window_start: d.window_start,
      policy: d.policy,
      count: d.delta,
    }),
  );
}
