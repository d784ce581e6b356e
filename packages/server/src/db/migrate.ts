import { Kysely, Migrator, sql } from 'kysely';
import { StartupError } from '../startup-error.js';
import { VERSION } from '../version.js';
import { KyselyStorage } from './kysely-storage.js';
import { migrationProvider, migrations } from './migrations/index.js';
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
  await refuseNewerSchema(resolveDb(target));
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

/** The newest migration this binary knows: its schema version. */
export const SCHEMA_VERSION = Object.keys(migrations).sort().at(-1) as string;

/**
 * A database migrated by a newer binary (a rollback of the code without the database) is refused before
 * anything runs, in a sentence naming both versions (ADR 0085): the rule is in docs/deploy.md. Kysely's own
 * words for it were "corrupted migrations: previously executed migration … is missing".
 */
async function refuseNewerSchema(db: Kysely<Database>): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  const known = new Set(Object.keys(migrations));
  const unknown = rows
    .map((r) => r.name)
    .filter((name) => !known.has(name))
    .sort();
  if (unknown.length === 0) return;
  throw new StartupError(
    'schema_newer_than_binary',
    `The database's schema is at version ${unknown.at(-1)}, newer than this binary (bellwether ${VERSION}, schema version ${SCHEMA_VERSION}): a newer release has migrated it. Start that release (or a later one) again, or restore the backup taken before the upgrade to run this one (docs/deploy.md, "Upgrades and rollbacks").`,
  );
}

function resolveDb(target: Storage | Kysely<Database>): Kysely<Database> {
  if (target instanceof Kysely) return target;
  if (target instanceof KyselyStorage) return target.db;
  throw new TypeError('migrateToLatest needs a Storage returned by openStorage or a Kysely instance');
}
