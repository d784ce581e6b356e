import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { Storage } from '../../../src/db/repositories.js';
import { storageModes } from '../../support/storage-modes.js';

const stores = await storageModes();

describe.each(stores)('point-in-time membership stored on %s', (_name, open, skip) => {
  let storage: Storage;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (skip) return;
    ({ storage, drop } = await open());
    await migrateToLatest(storage);
  });
  afterAll(async () => {
    if (skip) return;
    await storage.close();
    await drop();
  });

  it.skipIf(skip)('without intervals the universe is static and every ticker a member always', async () => {
    const m = await storage.universeMembership.load();
    expect(m.kind).toBe('static');
    expect(m.isMember('AAPL', '1990-01-02')).toBe(true);
  });

  it.skipIf(skip)(
    'stores several intervals per ticker, end exclusive, and a re-import replaces only the tickers it names',
    async () => {
      await storage.universeMembership.replace(
        [
          { ticker: 'AAL', start_date: '1996-01-02', end_date: '1997-01-15' },
          { ticker: 'AAL', start_date: '2015-03-23', end_date: null },
          { ticker: 'AIV', start_date: '2003-03-14', end_date: '2020-12-21' },
        ],
        'first.csv',
      );
      let m = await storage.universeMembership.load();
      expect(m.kind).toBe('point_in_time');
      expect(m.source).toBe('first.csv');
      expect(m.isMember('AAL', '1996-06-03')).toBe(true);
      expect(m.isMember('AAL', '2005-01-03')).toBe(false);
      expect(m.isMember('AAL', '2024-01-02')).toBe(true);
      // The day of the change that removed it is no longer a member's day.
      expect(m.isMember('AIV', '2020-12-18')).toBe(true);
      expect(m.isMember('AIV', '2020-12-21')).toBe(false);
      expect(m.membersOn('2010-01-04')).toEqual(['AIV']);
      // A ticker the file does not name keeps no intervals: a member always.
      expect(m.isMember('MSFT', '1990-01-02')).toBe(true);

      expect(
        await storage.universeMembership.replace(
          [{ ticker: 'AAL', start_date: '2013-12-09', end_date: null }],
          'second.csv',
        ),
      ).toEqual({ tickers: 1, intervals: 1 });
      m = await storage.universeMembership.load();
      expect(m.isMember('AAL', '1996-06-03')).toBe(false);
      expect(m.isMember('AAL', '2014-01-02')).toBe(true);
      expect(m.isMember('AIV', '2010-01-04')).toBe(true);
      expect(m.source).toBe('first.csv, second.csv');

      expect(await storage.universeMembership.clear(['AAL', 'AIV'])).toBe(2);
      expect((await storage.universeMembership.load()).kind).toBe('static');
    },
  );

  it.skipIf(skip)(
    'stores 1,230 intervals in one import, the size of fja05680/sp500, within the parameter limits',
    async () => {
      const intervals = Array.from({ length: 1230 }, (_, k) => ({
        ticker: `T${k}`,
        start_date: '1996-01-02',
        end_date: k % 2 === 0 ? null : '2001-01-02',
      }));
      expect(await storage.universeMembership.replace(intervals, 'big.csv')).toEqual({
        tickers: 1230,
        intervals: 1230,
      });
      const m = await storage.universeMembership.load();
      expect(m.membersOn('2005-01-03')).toHaveLength(615);
      await storage.universeMembership.clear(m.tickers);
    },
  );
});
