/**
 * The year blocks an embedded (SQLite) store reads histories from (ADR 0079, issue #28): the codec
 * round-trips every double and date; after any sequence of writes through the repository — new bars,
 * revisions, other sources, years written out of order — histories read from the blocks equal those
 * read from the `daily_bars` rows (the record), whole or as tails through any date; migration 0021 builds
 * the blocks of bars stored before it; `rebuildBarBlocks` repairs blocks after rows changed behind the
 * repository's back.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { openStorage } from '../../src/db/open-storage.js';
import type { SqliteRowReader } from '../../src/db/sqlite-driver.js';
import {
  type BarTuple,
  blockDate,
  decodeBarBlock,
  encodeBarBlock,
} from '../../src/market/store/bar-blocks.js';
import { bareInstrument } from '../../src/market/store/bare-instrument.js';
import { createMarketDataRepo } from '../../src/market/store/index.js';
import type { KyselyMarketDataRepo } from '../../src/market/store/kysely-market-data-repo.js';
import { loadHistories } from '../../src/market/store/load-history.js';
import type { TickerHistory } from '../../src/market/store/market-data-cache.js';
import type { MarketTables } from '../../src/market/store/tables.js';
import type { TailNeed } from '../../src/market/store/tail-need.js';
import type { Bar } from '../../src/market/store/types.js';
import { createTempDir } from '../support/tmp.js';

const dir = createTempDir('bw-bar-blocks-');
afterAll(() => dir.remove());

const instrument = (ticker: string) => bareInstrument(ticker, 'test');

const DAY = 86_400_000;
/** Weekdays from `first`, `n` of them. */
function weekdays(first: string, n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); out.length < n; t += DAY) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

describe('bar block codec', () => {
  it('round-trips dates, every finite double and runs of sources', () => {
    const price = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 260 }),
        fc.array(fc.tuple(price, price, price, price, price, fc.constantFrom('a', 'b', 'csv:X "q".csv')), {
          minLength: 260,
          maxLength: 260,
        }),
        (n, values) => {
          const dates = weekdays('2024-01-01', 260).slice(0, n);
          const bars = dates.map(
            (d, i) => [d, ...(values[i] as [number, number, number, number, number, string])] as BarTuple,
          );
          const b = encodeBarBlock(2024, bars);
          const decoded = decodeBarBlock(b.year, b.bars, b.days, b.prices, b.sources);
          const back: BarTuple[] = [];
          let k = 0;
          const sources: string[] = [];
          for (const [label, length] of decoded.sources) for (let j = 0; j < length; j++) sources.push(label);
          for (let i = 0; i < n; i++) {
            const p = (c: number) => decoded.prices[c * n + i] as number;
            back.push([blockDate(decoded, i), p(0), p(1), p(2), p(3), p(4), sources[k++] as string]);
          }
          expect(back).toEqual(bars);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a date of another year, a date that does not exist, and a corrupt row', () => {
    const bar = (date: string): BarTuple => [date, 1, 2, 0.5, 1.5, 100, 's'];
    expect(() => encodeBarBlock(2024, [bar('2023-12-29')])).toThrow(RangeError);
    expect(() => encodeBarBlock(2024, [bar('2024-02-30')])).toThrow(RangeError);
    expect(() => encodeBarBlock(2024, [bar('2024-1-05')])).toThrow(RangeError);
    const b = encodeBarBlock(2024, [bar('2024-01-05'), bar('2024-01-08')]);
    expect(() => decodeBarBlock(2024, 3, b.days, b.prices, b.sources)).toThrow(/corrupt/);
  });
});

describe('histories read from year blocks (SQLite)', () => {
  let storage: KyselyStorage;
  let repo: KyselyMarketDataRepo;
  let db: Kysely<MarketTables>;
  let arrays: SqliteRowReader;
  let n = 0;

  beforeEach(async () => {
    storage = await openStorage({ kind: 'sqlite', file: join(dir.path, `store-${n++}.db`) });
    await migrateToLatest(storage);
    repo = createMarketDataRepo(storage);
    db = storage.db as unknown as Kysely<MarketTables>;
    arrays = storage.sqliteRows as SqliteRowReader;
  });
  afterEach(async () => {
    await storage.close();
  });

  /**
   * The same tickers read from the blocks and from the rows. The rows are read a ticker at a time: the row
   * reader's several-tails query is PostgreSQL's (one lateral query, ADR 0091), a ticker's own is portable.
   */
  async function bothWays(tickers: readonly string[], tail?: TailNeed) {
    const rows = new Map<string, TickerHistory>();
    for (const t of tickers) for (const [k, v] of await loadHistories(db, [t], tail)) rows.set(k, v);
    return { blocks: await loadHistories(db, tickers, tail, arrays), rows };
  }

  const dates = weekdays('2021-11-01', 700); // Nov 2021 to mid 2024: four years
  const barArb = fc.record({
    day: fc.integer({ min: 0, max: dates.length - 1 }),
    close: fc.double({ min: 1, max: 1000, noNaN: true }),
    volume: fc.integer({ min: 0, max: 1e9 }),
  });
  const writesArb = fc.array(
    fc.record({
      ticker: fc.constantFrom('AAA', 'BBB', 'CCC'),
      source: fc.constantFrom('csv:a.csv', 'polygon', 'tiingo'),
      bars: fc.array(barArb, { minLength: 1, maxLength: 120 }),
    }),
    { minLength: 1, maxLength: 8 },
  );

  it('after any writes, whole histories and tails through any date equal the rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        writesArb,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 800 }), fc.integer({ min: 0, max: dates.length - 1 })), {
          minLength: 1,
          maxLength: 5,
        }),
        async (writes, tails) => {
          await sql`delete from daily_bars`.execute(db);
          await sql`delete from daily_bar_blocks`.execute(db);
          await repo.write({ source: 'test', ensureInstruments: ['AAA', 'BBB', 'CCC'].map(instrument) });
          for (const w of writes) {
            const byDate = new Map<string, Bar>();
            for (const b of w.bars) {
              const date = dates[b.day] as string;
              byDate.set(date, {
                date,
                open: b.close,
                high: b.close * 1.01,
                low: b.close * 0.99,
                close: b.close,
                volume: b.volume,
              });
            }
            await repo.write({ source: w.source, bars: [{ ticker: w.ticker, bars: [...byDate.values()] }] });
          }
          const tickers = ['AAA', 'BBB', 'CCC', 'NONE'];
          const whole = await bothWays(tickers);
          expect(whole.blocks.size).toBe(3);
          expect(whole.blocks).toEqual(whole.rows);
          const stored = Number(
            (await sql<{ n: number }>`select count(*) as n from daily_bars`.execute(db)).rows[0]?.n,
          );
          expect([...whole.blocks.values()].reduce((s, h) => s + h.dates.length, 0)).toBe(stored);
          for (const [bars, upTo] of tails) {
            const need = { bars, upTo: dates[upTo] as string };
            const t = await bothWays(tickers, need);
            expect(t.blocks).toEqual(t.rows);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('migration 0021 builds the blocks of bars stored before it', async () => {
    const old = await openStorage({ kind: 'sqlite', file: join(dir.path, 'before-0021.db') });
    try {
      const oldDb = old.db as unknown as Kysely<MarketTables>;
      const migrator = new Migrator({
        db: oldDb,
        provider: migrationProvider,
        migrationTableName: MIGRATION_TABLE,
        migrationLockTableName: MIGRATION_LOCK_TABLE,
      });
      expect((await migrator.migrateTo('0020_market_generation')).error).toBeUndefined();
      await sql`insert into instruments (ticker, name, exchange, asset_class, currency, sector, calendar, active, source) values ('OLD', 'Old', 'XNYS', 'equity', 'USD', null, 'XNYS', 1, 'csv')`.execute(
        oldDb,
      );
      const days = weekdays('2019-06-03', 500);
      for (const [i, d] of days.entries())
        await sql`insert into daily_bars (ticker, date, open, high, low, close, volume, source) values ('OLD', ${d}, ${10 + i}, ${11 + i}, ${9 + i}, ${10.5 + i}, ${1000 * i}, ${i < 250 ? 'csv:old.csv' : 'stooq'})`.execute(
          oldDb,
        );
      await migrateToLatest(old);
      const blocks = await loadHistories(oldDb, ['OLD'], undefined, old.sqliteRows);
      expect(blocks.get('OLD')?.dates).toEqual(days);
      expect(blocks).toEqual(await loadHistories(oldDb, ['OLD']));
      const years = await sql<{
        year: number;
      }>`select year from daily_bar_blocks where ticker = 'OLD' order by year`.execute(oldDb);
      expect(years.rows.map((r) => r.year)).toEqual([2019, 2020, 2021]);
    } finally {
      await old.close();
    }
  });

  it('rows changed behind the repository are served once their blocks are rebuilt', async () => {
    const days = weekdays('2023-10-02', 120);
    await repo.write({
      source: 'csv:R.csv',
      ensureInstruments: [instrument('REB'), instrument('KEEP')],
      bars: ['REB', 'KEEP'].map((ticker) => ({
        ticker,
        bars: days.map((date, i) => ({
          date,
          open: 1 + i,
          high: 2 + i,
          low: 0.5 + i,
          close: 1.5 + i,
          volume: i,
        })),
      })),
    });
    const asOf = new Date('2024-06-01T00:00:00Z');
    expect((await repo.getDailySeries('REB', { asOf, adjustment: 'raw' }))?.dates).toEqual(days); // cached
    await sql`delete from daily_bars where ticker = 'REB' and date > '2023-12-31'`.execute(db);
    await sql`update daily_bars set close = 99 where ticker = 'REB' and date = '2023-10-02'`.execute(db);
    // The blocks still hold what the repository wrote…
    expect((await loadHistories(db, ['REB'], undefined, arrays)).get('REB')?.dates).toEqual(days);
    expect(await repo.rebuildBarBlocks(['reb', 'nope'])).toEqual(['REB']);
    // …until rebuilt: then they equal the rows again, and a cached history was dropped.
    const rebuilt = await bothWays(['REB', 'KEEP']);
    expect(rebuilt.blocks).toEqual(rebuilt.rows);
    const served = await repo.getDailySeries('REB', { asOf, adjustment: 'raw' });
    expect(served?.dates).toEqual(days.filter((d) => d <= '2023-12-31'));
    expect(served?.close[0]).toBe(99);
    const years = await sql<{
      year: number;
    }>`select year from daily_bar_blocks where ticker = 'REB' order by year`.execute(db);
    expect(years.rows.map((r) => r.year)).toEqual([2023]);
  });
});
