import { type RawBuilder, sql } from 'kysely';

/**
 * The rows of a newest-first list (ordered by `timeColumn` then `id`, both descending) that come after
 * the row at (`time`, `id`): a row-value comparison both SQLite and PostgreSQL evaluate on the index.
 */
export function after(
  timeColumn: string,
  row: { readonly time: string; readonly id: string },
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref('id')}) < (${row.time}, ${row.id})`;
}
