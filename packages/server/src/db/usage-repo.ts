import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { RefusalCount, RefusalDelta, UsageDelta } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { UsageRepo } from './repositories.js';
import type { Database, UsageRefusalsTable, UsageTable } from './schema.js';

/**
 * Rows per INSERT statement. The flush yields to the event loop between statements, so this bounds
 * how long one flush holds the loop at a time. SQLite writes synchronously: ~0.2 ms for 100 rows.
 * PostgreSQL's statement carries one array per column (`unnest`), so a statement costs the loop only the
 * arrays' encoding (~0.1 ms per 500 rows), and a flush of 1,000 active keys is two round trips, not ten.
 */
const ROWS_PER_STATEMENT = { sqlite: 100, postgres: 500 } as const;
/** Statement texts kept per table (SQLite: one per batch size seen; a full 100-row text is ~2 kB). */
const TEXTS_KEPT = 64;

export function createUsageRepo({ db, dialect }: RepoContext): UsageRepo {
  const usageUpsert = batchUpsert(
    dialect,
    'usage',
    ['key_id', 'quota_window', 'window_start'],
    ['text', 'text', 'text', 'integer'],
    (r: UsageTable) => [r.key_id, r.quota_window, r.window_start, r.count],
  );
  const refusalsUpsert = batchUpsert(
    dialect,
    'usage_refusals',
    ['key_id', 'quota_window', 'window_start', 'policy'],
    ['text', 'text', 'text', 'text', 'integer'],
    (r: UsageRefusalsTable) => [r.key_id, r.quota_window, r.window_start, r.policy, r.count],
  );
  const perStatement = ROWS_PER_STATEMENT[dialect];
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
          for (let i = 0; i < rows.length; i += perStatement)
            await run(usageUpsert(rows.slice(i, i + perStatement)));
          for (let i = 0; i < refused.length; i += perStatement)
            await run(refusalsUpsert(refused.slice(i, i + perStatement)));
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
 * The upsert of a batch of rows: `INSERT … ON CONFLICT (identity) DO UPDATE SET count = count +
 * excluded.count`. The usage flush writes a row per active key every 250 ms (ADR 0021); Kysely's builder
 * took 3–7 ms of the event loop for a thousand rows, so the text is built here, once.
 * SQLite: `VALUES (?, …), …` with bound parameters, the text kept per row count (at most TEXTS_KEPT of
 * them: batch sizes vary with the number of active keys) — faster there than one row per statement or a
 * JSON array read with `json_each`. PostgreSQL: one text for every batch, `SELECT * FROM unnest($1::text[],
 * …)` with one array parameter per column: the driver encodes four arrays instead of a parameter per
 * value, and the server parses and plans a short statement instead of one with 400 parameters (ADR 0092).
 * Rows keep the batch's order either way (the fixed lock order of {@link mergeByIdentity}).
 * Columns: the identity, then `count`; `types` are their PostgreSQL types, `values` a row's values in
 * that order.
 */
function batchUpsert<R>(
  dialect: 'sqlite' | 'postgres',
  table: string,
  identity: readonly string[],
  types: readonly string[],
  values: (row: R) => readonly unknown[],
): (batch: readonly R[]) => CompiledQuery {
  const columns = [...identity, 'count'];
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) `;
  const tail =
    ` on conflict (${identity.map((c) => `"${c}"`).join(', ')}) ` +
    `do update set "count" = "${table}"."count" + excluded."count"`;
  if (dialect === 'postgres') {
    const text = `${head}select * from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})${tail}`;
    return (batch) => {
      const arrays = columns.map(() => new Array<unknown>(batch.length));
      for (let r = 0; r < batch.length; r++) {
        const row = values(batch[r] as R);
        for (let c = 0; c < columns.length; c++) (arrays[c] as unknown[])[r] = row[c];
      }
      return CompiledQuery.raw(text, arrays.map(arrayLiteral));
    };
  }
  const texts = new Map<number, string>();
  const text = (rows: number): string => {
    let sqlText = texts.get(rows);
    if (sqlText === undefined) {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      sqlText = `${head}values ${new Array<string>(rows).fill(tuple).join(', ')}${tail}`;
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

/**
 * A PostgreSQL array literal of strings or integers (no NULLs: every column is NOT NULL): `{"a","b"}`,
 * `{1,2}`. What the driver would send for a JS array, without its two regular-expression replaces per
 * element: only a string holding a double quote or a backslash is escaped.
 */
function arrayLiteral(values: readonly unknown[]): string {
  if (values.every((v) => typeof v === 'number')) return `{${values.join(',')}}`;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = String(values[i]);
    out += `${i === 0 ? '' : ','}"${NEEDS_ESCAPE.test(v) ? v.replace(ESCAPED, '\\$&') : v}"`;
  }
  return `${out}}`;
}
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** Merged rows in the order of their ids. */
const byId = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One row per identity (`id`) with the summed delta, zero sums dropped, in a fixed order: one
 * statement may not touch a row twice, and a fixed lock order keeps concurrent batches deadlock-free.
 * The identity is its parts joined by NUL, which no part can hold (PostgreSQL's text refuses it; ids,
 * window kinds and ISO instants never have one): a string concatenation per delta, not a JSON array.
 */
function mergeByIdentity<D extends { readonly delta: number }, R extends { count: number }>(
  items: readonly D[],
  id: (d: D) => string,
  row: (d: D) => R,
): R[] {
  const merged = new Map<string, R>();
  for (const d of items) {
    const k = id(d);
    const existing = merged.get(k);
    if (existing) existing.count += d.delta;
    else merged.set(k, row(d));
  }
  const kept: [string, R][] = [];
  for (const entry of merged) if (entry[1].count !== 0) kept.push(entry);
  kept.sort(byId);
  return kept.map(([, r]) => r);
}

/** Usage deltas summed per (key, window, start). */
function mergeDeltas(deltas: readonly UsageDelta[]): UsageTable[] {
  for (const d of deltas)
    if (!Number.isSafeInteger(d.delta))
      throw new RangeError(`Usage delta must be an integer, got ${d.delta}`);
  return mergeByIdentity(
    deltas,
    (d) => `${d.key_id}\u0000${d.window}\u0000${d.window_start}`,
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
    (d) => `${d.key_id}\u0000${d.window}\u0000${d.window_start}\u0000${d.policy}`,
    (d) => ({
      key_id: d.key_id,
      quota_window: d.window,
      window_start: d.window_start,
      policy: d.policy,
      count: d.delta,
    }),
  );
}
