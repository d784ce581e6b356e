/**
 * Migration 0007 on a database written before it: links of news stored earlier get their item's time, so
 * the (ticker, time) lookups find them.
 */
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';

const dir = createTempDir('bw-news-migration-');
afterAll(() => dir.remove());

describe('migration 0007_news_ticker_time', () => {
  it('backfills the publication time of links written before it', async () => {
    const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'old.db') });
    const db = storage.db as unknown as Kysely<unknown>;
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    });
    expect((await migrator.migrateTo('0006_dashboard_sessions')).error).toBeUndefined();
    await sql`insert into news (id, published_at, source, headline, summary, url, data_source) values ('n1', '2026-11-20T14:00:00.000Z', 'Wire', 'Old news', null, null, 'test')`.execute(
      db,
    );
    await sql`insert into news_tickers (news_id, ticker) values ('n1', 'ACME')`.execute(db);
    await migrateToLatest(storage);
    const links = await sql<{
      published_at: string;
    }>`select published_at from news_tickers where news_id = 'n1'`.execute(db);
    expect(links.rows).toEqual([{ published_at: '2026-11-20T14:00:00.000Z' }]);
    await storage.close();
  });
});
