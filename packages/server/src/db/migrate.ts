import { Kysely, Migrator } from 'kysely';
import { KyselyStorage } from './kysely-storage.js';
import { migrationProvider } from './migrations/index.js';
import type { Storage } from './repositories.js';
import type { Database } from './schema.js';

export const MIGRATION_TABLE = 'schema_migrations';
export const MIGRATION_LOCK_TABLE = 'schema_migrations_lock';

export interface MigrationOutcome {
  /** Names of the migrations this call applied, in order; empty when already up to date. */
  readonly applied: readonly string[];
}

/**
 * Brings the schema to the latest version. Idempotent, and safe when several processes call it at
 * once: each run is one transaction under a lock — PostgreSQL takes Kysely's advisory lock, SQLite
 * takes the write lock with BEGIN IMMEDIATE — and the loser finds nothing left to do.
 */
export async function migrateToLatest(target: Storage | Kysely<Database>): Promise<MigrationOutcome> {
  const migrator = new Migrator({
    db: resolveDb(target),
    provider: migrationProvider,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration failed${failed ? ` at ${failed}` : ''}`, { cause: error });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

function resolveDb(target: Storage | Kysely<Database>): Kysely<Database> {
  if (target instanceof Kysely) return target;
  if (target instanceof KyselyStorage) return target.db;
  throw new TypeError('migrateToLatest needs a Storage returned by openStorage or a Kysely instance');
}
