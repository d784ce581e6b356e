import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { mutexForFile } from './file-mutex.js';
import { ImmediateSqliteDialect } from './immediate-sqlite-dialect.js';
import { KyselyStorage } from './kysely-storage.js';
import type { Database } from './schema.js';

/**
 * How long a SQLite writer waits for another process's write lock before SQLITE_BUSY. Writers hold
 * it for one short transaction, so reaching this means something is badly wrong, not contention.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 15_000;
export const DEFAULT_PG_POOL_SIZE = 10;

interface CommonOptions {
  /** Clock for created_at/rotated_at/revoked_at; defaults to the system clock. */
  readonly now?: () => Date;
}

export type StorageOptions =
  | (CommonOptions & { readonly kind: 'sqlite'; readonly file: string })
  | (CommonOptions & {
      readonly kind: 'postgres';
      readonly url: string;
      /** Connections in the pool (default 10). */
      readonly poolSize?: number;
      /**
       * Errors of idle pooled connections (server restart, network cut). The pool drops the
       * connection and the next query reconnects; without a listener node-postgres would crash the process.
       */
      readonly onIdleConnectionError?: (error: Error) => void;
    });

/**
 * Opens the database. Does not migrate: call `migrateToLatest(storage)` (start-up and `bellwether
 * migrate` do). SQLite runs in WAL mode with synchronous=FULL (a commit survives power loss),
 * a busy timeout so concurrent processes wait instead of failing, and foreign keys enforced.
 */
export async function openStorage(options: StorageOptions): Promise<KyselyStorage> {
  const clock = options.now ?? (() => new Date());
  const now = () => clock().toISOString();
  if (options.kind === 'sqlite') {
    const database = openSqliteDatabase(options.file);
    const fileMutex = options.file === ':memory:' ? undefined : mutexForFile(resolve(options.file));
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, fileMutex) });
    // data_version changes only when another connection (another process) commits.
    const token = () => database.pragma('data_version', { simple: true }) as number;
    return new KyselyStorage({ db, dialect: 'sqlite', now }, token);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_PG_POOL_SIZE,
    application_name: 'bellwether',
  });
  pool.on('error', options.onIdleConnectionError ?? (() => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new KyselyStorage({ db, dialect: 'postgres', now }, () => undefined);
}

function openSqliteDatabase(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // `timeout` is SQLite's busy_timeout, set before the first statement so even the WAL switch waits.
  const database = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    const mode = database.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal' && file !== ':memory:') {
      throw new Error(`SQLite refused WAL mode (got ${String(mode)}); is ${file} on a network file system?`);
    }
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    return database;
  } catch (error) {
    database.close();
    throw new Error(`Cannot open SQLite database ${file}`, { cause: error });
  }
}
