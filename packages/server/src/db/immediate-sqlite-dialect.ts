import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { Mutex } from './file-mutex.js';

/**
 * Every transaction starts with BEGIN IMMEDIATE: it takes SQLite's write lock up front (waiting up to
 * busy_timeout), so a read-then-write transaction can never fail with SQLITE_BUSY when another
 * process committed in between (a deferred BEGIN cannot upgrade its snapshot and fails at once).
 * The connection is also held under a mutex shared by every connection of this process to the same
 * file (see `mutexForFile`).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #fileMutex: Mutex | undefined;
  #releaseFile: (() => void) | undefined;

  constructor(config: SqliteDialectConfig, fileMutex: Mutex | undefined) {
    super(config);
    this.#fileMutex = fileMutex;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#fileMutex?.lock();
    try {
      const connection = await super.acquireConnection();
      this.#releaseFile = release;
      return connection;
    } catch (error) {
      release?.();
      throw error;
    }
  }

  override async releaseConnection(): Promise<void> {
    const release = this.#releaseFile;
    this.#releaseFile = undefined;
    await super.releaseConnection();
    release?.();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** SQLite does run DDL transactionally; saying so lets Kysely's Migrator wrap each run in one transaction. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with immediate transactions, transactional migrations and a per-file mutex. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #fileMutex: Mutex | undefined;

  constructor(config: SqliteDialectConfig, fileMutex?: Mutex) {
    super(config);
    this.#config = config;
    this.#fileMutex = fileMutex;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#fileMutex);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
