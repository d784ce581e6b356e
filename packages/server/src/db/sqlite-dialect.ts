import type BetterSqlite3 from 'better-sqlite3';
import { type DialectAdapter, type Driver, SqliteAdapter, SqliteDialect } from 'kysely';
import type { Mutex } from './file-mutex.js';
import { SqliteDriver, type SqliteWaitPolicy } from './sqlite-driver.js';

/** SQLite does run DDL transactionally; saying so lets Kysely's Migrator wrap each run in one transaction. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite dialect (query compiler, introspector) with our driver: BEGIN IMMEDIATE
 * transactions, asynchronous waits for other processes' locks, one in-process mutex per file,
 * and migrations that run inside one transaction.
 */
export class BetterSqliteDialect extends SqliteDialect {
  readonly #database: BetterSqlite3.Database;
  readonly #policy: SqliteWaitPolicy;
  readonly #mutex: Mutex;

  constructor(database: BetterSqlite3.Database, policy: SqliteWaitPolicy, mutex: Mutex) {
    super({ database });
    this.#database = database;
    this.#policy = policy;
    this.#mutex = mutex;
  }

  override createDriver(): Driver {
    return new SqliteDriver(this.#database, this.#policy, this.#mutex);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
