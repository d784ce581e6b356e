import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * SQLite only: a counter every write of the market repository raises in its transaction, so the market
 * caches tell another process's ingest or sync from its other commits (issue #23). `PRAGMA data_version`
 * alone changes on any foreign commit: the webhook dispatcher's thread (its own connection) marking a
 * delivery emptied every cached 20-year history, and the API reloaded them on the event loop (381 loads
 * in a 20 s isolation run). Raised by the repository, not by row triggers: a trigger per bar made bulk
 * inserts 30 % slower, and the repository is the only writer of these tables. PostgreSQL caches are
 * bounded by age instead (another machine's writes leave no local token): nothing here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create table market_generation (id integer primary key check (id = 1), generation integer not null)`.execute(
    db,
  );
  await sql`insert into market_generation (id, generation) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`drop table market_generation`.execute(db);
}
