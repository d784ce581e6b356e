import type { Kysely } from 'kysely';
import type pg from 'pg';
import { type BulkTable, bulkUpsert } from './bulk-upsert.js';
import { copyInsert, copyUpsert } from './copy-upsert.js';
import type { MarketTables } from './tables.js';

/** What the per-table writers get: the open transaction, its dialect, and the source label of the rows. */
export interface WriteContext {
  readonly trx: Kysely<MarketTables>;
  readonly dialect: 'sqlite' | 'postgres';
  readonly source: string;
  /** ISO-8601 instant of this write, for the revision log. */
  readonly at: string;
  /**
   * PostgreSQL: the raw client of the same transaction. When present, daily bars, actions, trades and
   * quotes are written by COPY (see writeRows) instead of `unnest` statements.
   */
  readonly copyClient?: pg.ClientBase;
}

/** Rows per `in (…)` list when reading back existing keys. */
export const IN_LIST_CHUNK = 500;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Throws a RangeError for a non-finite number. Parsers never produce one, so meeting one is a fault;
 * without this check PostgreSQL would store NaN and SQLite would fail on NULL, so the dialects would differ.
 */
export function assertFinite(what: string, ...values: readonly number[]): void {
  for (const v of values) {
    if (!Number.isFinite(v)) throw new RangeError(`non-finite number ${v} in ${what}`);
  }
}

/**
 * Writes what a writer found by comparing with the stored rows: `fresh` rows (keys known absent — the
 * writer holds the ticker's lock on PostgreSQL, SQLite writes one at a time) and `changed` rows (keys present,
 * values differ). With a COPY client: fresh rows by one COPY straight into the table, changed rows by COPY
 * into a staging table and one merge; otherwise bulk statements (`unnest` / `json_each`).
 */
export async function writeRows(
  ctx: WriteContext,
  table: BulkTable,
  fresh: readonly (readonly unknown[])[],
  changed: readonly (readonly unknown[])[],
): Promise<void> {
  if (ctx.copyClient !== undefined) {
    await copyInsert(ctx.copyClient, table, fresh);
    await copyUpsert(ctx.copyClient, table, changed);
    return;
  }
  await bulkUpsert(ctx.trx, ctx.dialect, table, fresh, 'insert');
  await bulkUpsert(ctx.trx, ctx.dialect, table, changed);
}
