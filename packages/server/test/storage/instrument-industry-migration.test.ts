/**
 * Migration 0019 on a database written before it, on SQLite and PostgreSQL: instruments stored earlier
 * keep their fields and read `industry` and `delisted_on` as null; the store then keeps an industry or a
 * delisting date a later write leaves absent, and drops the date of an instrument written active.
 */
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { createMarketDataRepo } from '../../src/market/store/index.js';
import { createMarketListings } from '../../src/market/store/kysely-market-listings.js';
import { storageModes } from '../support/storage-modes.js';
import { createTempDir } from '../support/tmp.js';

const dir = createTempDir('bw-industry-migration-');
afterAll(() => dir.remove());

const stores = await storageModes(() => join(dir.path, 'old.db'));

describe.each(stores)('migration 0019_instrument_industry_delisting on %s', (_name, open, skip) => {
  it.skipIf(skip)(
    'adds nullable industry and delisted_on; later writes keep them unless told otherwise',
    async () => {
      const { storage, drop } = await open();
      try {
        const db = storage.db as unknown as Kysely<unknown>;
        const migrator = new Migrator({
          db,
          provider: migrationProvider,
          migrationTableName: MIGRATION_TABLE,
          migrationLockTableName: MIGRATION_LOCK_TABLE,
        });
        expect((await migrator.migrateTo('0018_broker_connections')).error).toBeUndefined();
        await sql`insert into instruments (ticker, name, exchange, asset_class, currency, sector, calendar, active, source) values ('OLD', 'Old Corp', 'XNYS', 'equity', 'USD', 'Health Care', 'XNYS', 1, 'csv:old.csv')`.execute(
          db,
        );
        await migrateToLatest(storage);

        const market = createMarketDataRepo(storage, { now: () => new Date('2024-01-10T23:00:00Z') });
        const old = await market.findTicker('OLD');
        expect(old.ok && old.instrument).toEqual({
          ticker: 'OLD',
          name: 'Old Corp',
          exchange: 'XNYS',
          asset_class: 'equity',
          currency: 'USD',
          sector: 'Health Care',
          calendar: 'XNYS',
          active: true,
          source: 'csv:old.csv',
          industry: null,
          delisted_on: null,
        });
        if (!old.ok) throw new Error('OLD not found');
        const base = old.instrument;

        // Reference data name the industry and the end of the listing.
        await market.write({
          source: 'reference',
          instruments: [
            { ...base, industry: 'Pharmaceutical Preparations', active: false, delisted_on: '2024-01-08' },
          ],
        });
        // A writer that never knew either (a universe file, an ingest) leaves both as they are.
        const { industry: _i, delisted_on: _d, ...unaware } = base;
        const kept = await market.write({
          source: 'universe',
          instruments: [{ ...unaware, name: 'Old Corporation', active: false }],
        });
        expect(kept.instruments).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
        const after = await market.findTicker('OLD');
        expect(
          after.ok && [after.instrument.name, after.instrument.industry, after.instrument.delisted_on],
        ).toEqual(['Old Corporation', 'Pharmaceutical Preparations', '2024-01-08']);
        // Written active again: a listing that trades has no delisting date; the industry stays.
        await market.write({ source: 'reference', instruments: [{ ...unaware, active: true }] });
        const back = await market.findTicker('OLD');
        expect(
          back.ok && [back.instrument.active, back.instrument.industry, back.instrument.delisted_on],
        ).toEqual([true, 'Pharmaceutical Preparations', null]);

        // The listings filter on industry: the whole label, any case.
        const listings = createMarketListings(storage, market.cache);
        expect(
          (await listings.instruments({ industry: 'pharmaceutical preparations' })).map((i) => i.ticker),
        ).toEqual(['OLD']);
        expect(await listings.instruments({ industry: 'pharmaceutical' })).toEqual([]);

        expect((await migrator.migrateTo('0018_broker_connections')).error).toBeUndefined();
        const columns = await sql<{ ticker: string }>`select * from instruments`.execute(db);
        expect(Object.keys(columns.rows[0] ?? {}).sort()).not.toContain('industry');
      } finally {
        await storage.close();
        await drop();
      }
    },
  );
});
