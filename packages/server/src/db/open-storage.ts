import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { createPrivateFile, DATA_DIR_MODE } from './data-dir.js';
import { Mutex, mutexForFile } from './file-mutex.js';
import { KyselyStorage, type PgTransactionRunner } from './kysely-storage.js';
import type { Database } from './schema.js';
import { BetterSqliteDialect } from './sqlite-dialect.js';
import { sqliteRowReader } from './sqlite-driver.js';
import { WalCheckpointer } from './wal-checkpointer.js';

/**
 * How long a SQLite statement keeps waiting for another process's write lock before it fails.
 * Writers hold the lock for one short transaction, so reaching this means a stuck process, not contention.
 */
const SQLITE_BUSY_TIMEOUT_MS = 15_000;
/**
 * Longest single synchronous wait inside SQLite's busy handler (it blocks the event loop). Short: the
 * webhook dispatcher's thread writes beside the API (bench/webhooks.ts), and an API write that meets its
 * lock does better to wait asynchronously (sqlite-driver.ts) than to hold every request for 20 ms.
 */
const SQLITE_SYNC_WAIT_MS = 2;
/** The WAL file is truncated back to this size after a checkpoint (it otherwise keeps its peak size). */
const SQLITE_WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
const DEFAULT_PG_POOL_SIZE = 10;

interface CommonOptions {
  /** Clock for created_at/rotated_at/revoked_at; defaults to the system clock. */
  readonly now?: () => Date;
}

export type StorageOptions =
  | (CommonOptions & {
      readonly kind: 'sqlite';
      /** Database file (created 0600, its directory 0700), or `:memory:`. */
      readonly file: string;
      /** Overrides SQLITE_BUSY_TIMEOUT_MS. */
      readonly busyTimeoutMs?: number;
    })
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
 * migrate` do). Nothing connects to PostgreSQL until the first query; `ping()` checks it.
 * SQLite runs in WAL mode (readers never wait for writers), synchronous=FULL (a commit survives
 * power loss), foreign keys enforced; a write that meets another process's lock waits for it,
 * asynchronously, up to `busyTimeoutMs`.
 */
export async function openStorage(options: StorageOptions): Promise<KyselyStorage> {
  const clock = options.now ?? (() => new Date());
  const now = () => clock().toISOString();
  if (options.kind === 'sqlite') {
    const totalWaitMs = options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS;
    const database = openSqliteDatabase(options.file, totalWaitMs);
    const mutex = options.file === ':memory:' ? new Mutex() : mutexForFile(resolve(options.file));
    const dialect = new BetterSqliteDialect(database, { totalWaitMs }, mutex);
    const db = new Kysely<Database>({ dialect });
    // data_version changes only when another connection (another process) commits.
    const dataVersion = database.prepare('pragma data_version').pluck();
    const token = () => dataVersion.get() as number;
    // The log's fsyncs and checkpoints off the event loop (ADR 0092); an in-memory database has no log.
    const checkpointer =
      options.file === ':memory:'
        ? undefined
        : new WalCheckpointer(options.file, {
            onFailure: (message) =>
              process.stderr.write(
                `${JSON.stringify({ level: 40, time: Date.now(), msg: 'WAL checkpoint failed; SQLite checkpoints on commit meanwhile', err: message })}\n`,
              ),
          });
    return new KyselyStorage(
      { db, dialect: 'sqlite', now },
      {
        change: token,
        marketChange: marketGenerationToken(database, token),
        sqliteRows: sqliteRowReader(database, { totalWaitMs }, mutex),
        ...(checkpointer === undefined ? {} : { afterClose: () => checkpointer.close() }),
      },
    );
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_PG_POOL_SIZE,
    application_name: 'bellwether',
  });
  const onConnectionError = options.onIdleConnectionError ?? (() => {});
  pool.on('error', onConnectionError);
  // A checked-out connection that dies (the server restarted mid-transaction) emits 'error' on its
  // client as well as failing the query; unheard, that event would crash the process. The query's
  // rejection is what callers handle; pg-pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const none = () => undefined;
  return new KyselyStorage(
    { db, dialect: 'postgres', now },
    { change: none, marketChange: none, pgTransaction: pgTransactionRunner(pool) },
  );
}

/**
 * Transactions with their raw client: takes one connection from the pool, runs a Kysely transaction on a
 * Kysely instance bound to that connection alone (no pool, no connection of its own), and hands the
 * callback both. Kysely keeps the client private, so this is the way to reach it inside a transaction.
 * A connection that broke is discarded by pg-pool on release (it is no longer queryable).
 */
function pgTransactionRunner(pool: pg.Pool): PgTransactionRunner {
  // One bound Kysely per pooled connection, built on its first transaction and dropped with it.
  const bound = new WeakMap<pg.PoolClient, Kysely<Database>>();
  const kyselyFor = (client: pg.PoolClient): Kysely<Database> => {
    let db = bound.get(client);
    if (db === undefined) {
      // Kysely "releases" the connection after each transaction; the real release happens below.
      const only: PostgresPoolClient = {
        query: client.query.bind(client) as PostgresPoolClient['query'],
        release: () => {},
      };
      db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: { connect: async () => only, end: async () => {} } }),
      });
      bound.set(client, db);
    }
    return db;
  };
  return async (fn) => {
    const client = await pool.connect();
    try {
      return await kyselyFor(client)
        .transaction()
        .execute((trx) => fn(trx, client));
    } finally {
      // After a failed statement Kysely has rolled back and the connection is usable again; pg-pool
      // itself discards a connection that broke (it is no longer queryable).
      client.release();
    }
  };
}

function openSqliteDatabase(file: string, openWaitMs: number): BetterSqlite3.Database {
  if (file !== ':memory:') {
    // Owner-only, whatever the umask: SQLite gives the -wal and -shm files the database file's mode.
    mkdirSync(dirname(file), { recursive: true, mode: DATA_DIR_MODE });
    createPrivateFile(file);
  }
  // Opening waits synchronously (once, at start-up) so even the switch to WAL cannot fail with SQLITE_BUSY.
  const database = new BetterSqlite3(file, { timeout: openWaitMs });
  try {
    const mode = database.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal' && file !== ':memory:') {
      throw new Error(`SQLite refused WAL mode (got ${String(mode)}); is ${file} on a network file system?`);
    }
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma(`journal_size_limit = ${SQLITE_WAL_SIZE_LIMIT_BYTES}`);
    // From here on each wait is short; the driver retries asynchronously (see sqlite-driver.ts).
    database.pragma(`busy_timeout = ${SQLITE_SYNC_WAIT_MS}`);
    return database;
  } catch (error) {
    database.close();
    throw new Error(`Cannot open SQLite database ${file}`, { cause: error });
  }
}

/**
 * The market generation (migration 0020: raised by every write of the market repository, whichever
 * connection makes it), read again only when `changeToken` says another connection has committed. Before
 * that migration has run, the change token itself, negated so that the two never compare equal.
 */
function marketGenerationToken(database: BetterSqlite3.Database, changeToken: () => number): () => number {
  let read: BetterSqlite3.Statement | undefined;
  let seen: number | undefined;
  let generation = 0;
  return () => {
    const version = changeToken();
    if (version === seen) return generation;
    try {
      read ??= database.prepare('select generation from market_generation where id = 1').pluck();
      generation = read.get() as number;
      seen = version;
    } catch {
      generation = -1 - version;
    }
    return generation;
  };
}
