import { type Kysely, sql } from 'kysely';

export type ColumnType = 'text' | 'float8' | 'int8' | 'int4';

export interface BulkTable {
  readonly name: string;
  readonly columns: readonly { readonly name: string; readonly type: ColumnType }[];
  /** The primary-key columns (the conflict target). */
  readonly key: readonly string[];
}

/**
 * The PostgreSQL array literal of column `index` (`{1.5,2,NULL}`, `{"a","b\\"c"}`). Built here rather than
 * by node-postgres's generic array serialiser, which costs ten times as much on numeric columns.
 * Numbers are finite (the writers check), and String() of a double is its shortest exact form.
 */
function arrayLiteral(rows: readonly (readonly unknown[])[], index: number, type: ColumnType): string {
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = (rows[r] as readonly unknown[])[index];
    if (v === null || v === undefined) parts[r] = 'NULL';
    else if (type === 'text') parts[r] = `"${String(v).replace(/["\\]/g, '\\$&')}"`;
    else parts[r] = String(v);
  }
  return `{${parts.join(',')}}`;
}

/** Rows per statement: large enough that statement overhead vanishes, small enough to bound memory. */
const BULK_CHUNK_ROWS = 20_000;

/**
 * Inserts `rows` (values in `table.columns` order), replacing the non-key columns of rows whose key
 * exists. One statement per chunk whatever the row count, with a constant number of parameters:
 * PostgreSQL receives one array per column and expands them with `unnest` (bulk without COPY —
 * pg-copy-streams is not a dependency); SQLite receives one JSON document and expands it with
 * `json_each` (JSON numbers round-trip IEEE doubles exactly). Keys must be unique within `rows`.
 */
export async function bulkUpsert<DB>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  table: BulkTable,
  rows: readonly (readonly unknown[])[],
  /** `insert`: the caller knows (under its lock) that no key exists yet — no conflict clause, cheaper. */
  mode: 'upsert' | 'insert' = 'upsert',
): Promise<void> {
  const names = table.columns.map((c) => c.name);
  const target = `insert into ${table.name} (${names.join(', ')})`;
  const others = names.filter((n) => !table.key.includes(n));
  const conflict =
    mode === 'insert'
      ? ''
      : others.length === 0
        ? `on conflict (${table.key.join(', ')}) do nothing`
        : `on conflict (${table.key.join(', ')}) do update set ${others.map((n) => `${n} = excluded.${n}`).join(', ')}`;
  for (let start = 0; start < rows.length; start += BULK_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + BULK_CHUNK_ROWS);
    if (dialect === 'postgres') {
      const arrays = table.columns.map((c, i) => {
        return sql`${arrayLiteral(chunk, i, c.type)}::${sql.raw(c.type)}[]`;
      });
      await sql`${sql.raw(target)} select * from unnest(${sql.join(arrays)}) ${sql.raw(conflict)}`.execute(
        db,
      );
    } else {
      const picks = table.columns.map((_, i) => `j.value ->> ${i}`).join(', ');
      await sql`${sql.raw(target)} select ${sql.raw(picks)} from json_each(${JSON.stringify(chunk)}) as j where true ${sql.raw(conflict)}`.execute(
        db,
      );
    }
  }
}
