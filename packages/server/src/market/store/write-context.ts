import type { Kysely } from 'kysely';
import type { MarketTables } from './tables.js';

/** What the per-table writers get: the open transaction, its dialect, and the source label of the rows. */
export interface WriteContext {
  readonly trx: Kysely<MarketTables>;
  readonly dialect: 'sqlite' | 'postgres';
  readonly source: string;
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
