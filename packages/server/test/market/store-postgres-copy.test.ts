import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import {
  type Bar,
  createMarketDataRepo,
  type Instrument,
  type KyselyMarketDataRepo,
  type TradeRow,
} from '../../src/market/store/index.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/pg.js';

const available = await postgresAvailable();

function instrument(ticker: string): Instrument {
  return {
    ticker,
    name: ticker,
    exchange: 'XNYS',
    asset_class: 'equity',
    currency: 'USD',
    sector: null,
    calendar: 'XNYS',
    active: true,
    source: 'test',
  };
}

function sessions(first: string, n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); out.length < n; t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (XNYS.sessionOn(d) !== undefined) out.push(d);
  }
  return out;
}

function bars(dates: readonly string[], base = 100): Bar[] {
  return dates.map((date, i) => {
    const close = base + i * 0.1 + 1 / 3;
    return { date, open: close - 0.07, high: close + 0.31, low: close - 0.29, close, volume: 1_000_000 + i };
  });
}

/** Longer than the byte-by-byte fast path of the binary encoder, and not ASCII. */
const LONG = `${'long condition '.repeat(8)}€ 株 ü`;

const EXTREME_DOUBLES = [
  0,
  -0,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  0.1 + 0.2,
  1 / 3,
  1e21,
  1e-7,
  123456789.12345679,
];

describe.skipIf(!available)('PostgreSQL market writes by COPY', () => {
  let database: TestDatabase;
  let storage: KyselyStorage;
  let repo: KyselyMarketDataRepo;

  /** The stored bars of `ticker`, ascending, read straight from the table (no cache, no adjustment). */
  async function storedBars(ticker: string) {
    const r = await sql<{
      date: string;
      open: number;
      high: number;
      low: number;
      close: number;
      volume: number;
      source: string;
    }>`select date, open, high, low, close, volume, source from daily_bars where ticker = ${ticker} order by date`.execute(
      storage.db,
    );
    return r.rows;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection: every transaction reuses the same session, its staging tables and its state.
    storage = await openStorage({ kind: 'postgres', url: database.url, poolSize: 1 });
    await migrateToLatest(storage);
    repo = createMarketDataRepo(storage);
  });
  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  it('uses the COPY path by default on PostgreSQL', () => {
    expect(storage.withPgTransaction).toBeTypeOf('function');
  });

  it('counts exactly: first import inserts, re-import changes nothing, a corrected file updates only what changed', async () => {
    const input = bars(sessions('2021-01-04', 300));
    const batch = {
      source: 'csv:CNT.csv',
      ensureInstruments: [instrument('CNT')],
      bars: [{ ticker: 'CNT', bars: input }],
    };
    expect((await repo.write(batch)).bars).toEqual({ inserted: 300, updated: 0, unchanged: 0 });
    expect((await repo.write(batch)).bars).toEqual({ inserted: 0, updated: 0, unchanged: 300 });
    // 120 corrected rows: more than a handful, through the staging table and the merge.
    const corrected = input.map((b, i) => (i % 5 === 0 || i >= 240 ? { ...b, close: b.close * 1.5 } : b));
    const extra = bars(sessions('2022-06-01', 7), 70);
    const fix = await repo.write({ ...batch, bars: [{ ticker: 'CNT', bars: [...corrected, ...extra] }] });
    expect(fix.bars).toEqual({ inserted: 7, updated: 108, unchanged: 192 });
    expect(
      (await repo.write({ ...batch, bars: [{ ticker: 'CNT', bars: [...corrected, ...extra] }] })).bars,
    ).toEqual({ inserted: 0, updated: 0, unchanged: 307 });
    const stored = await storedBars('CNT');
    expect(stored.map((r) => r.close)).toEqual([...corrected, ...extra].map((b) => b.close));
    // A different source is a change too (provenance), on every row.
    const relabelled = await repo.write({
      ...batch,
      source: 'csv:CNT-v2.csv',
      bars: [{ ticker: 'CNT', bars: [...corrected, ...extra] }],
    });
    expect(relabelled.bars).toEqual({ inserted: 0, updated: 307, unchanged: 0 });
    expect(new Set((await storedBars('CNT')).map((r) => r.source))).toEqual(new Set(['csv:CNT-v2.csv']));
  });

  it('rolls the whole file back when a row fails after bars were already copied, and the connection stays usable', async () => {
    const before = await repo.counts();
    const good = bars(sessions('2020-01-02', 200));
    await expect(
      repo.write({
        source: 'csv:HALF.csv',
        ensureInstruments: [instrument('HALF')],
        bars: [{ ticker: 'HALF', bars: good }],
        // Checked after the bars' COPY: the transaction already holds 200 new rows.
        actions: [
          {
            ticker: 'HALF',
            actions: [{ date: good[10]?.date as string, kind: 'split', value: Number.POSITIVE_INFINITY }],
          },
        ],
        run: { kind: 'bars', ticker: 'HALF', skipped: 0 },
      }),
    ).rejects.toThrow(RangeError);
    expect(await repo.counts()).toEqual(before);
    expect((await repo.findTicker('HALF')).ok).toBe(false);
    // A COPY the server rejects (the same date twice: primary key) also leaves nothing behind.
    const duplicated = [...good, good[5] as Bar];
    await expect(
      repo.write({
        source: 'csv:DUP.csv',
        ensureInstruments: [instrument('DUP')],
        bars: [{ ticker: 'DUP', bars: duplicated }],
      }),
    ).rejects.toThrow();
    expect(await repo.counts()).toEqual(before);
    // The single pooled connection went back clean: the next file imports normally.
    expect(
      (
        await repo.write({
          source: 'csv:HALF.csv',
          ensureInstruments: [instrument('HALF')],
          bars: [{ ticker: 'HALF', bars: good }],
        })
      ).bars,
    ).toEqual({ inserted: 200, updated: 0, unchanged: 0 });
  });

  it('rolls back changed rows already merged when a later row of the same file fails', async () => {
    const input = bars(sessions('2019-01-02', 50));
    await repo.write({
      source: 'csv:MRG.csv',
      ensureInstruments: [instrument('MRG')],
      bars: [{ ticker: 'MRG', bars: input }],
    });
    const changed = input.map((b) => ({ ...b, volume: b.volume + 1 }));
    await expect(
      repo.write({
        source: 'csv:MRG.csv',
        bars: [{ ticker: 'MRG', bars: changed }],
        actions: [{ ticker: 'MRG', actions: [{ date: '2019-02-01', kind: 'dividend', value: Number.NaN }] }],
      }),
    ).rejects.toThrow(RangeError);
    expect((await storedBars('MRG')).map((r) => r.volume)).toEqual(input.map((b) => b.volume));
    const ok = await repo.write({ source: 'csv:MRG.csv', bars: [{ ticker: 'MRG', bars: changed }] });
    expect(ok.bars).toEqual({ inserted: 0, updated: 50, unchanged: 0 });
  });

  it('round-trips extreme doubles exactly, -0 included, through COPY and through the merge', async () => {
    const dates = sessions('2010-01-04', EXTREME_DOUBLES.length);
    const extreme: Bar[] = EXTREME_DOUBLES.map((v, i) => ({
      date: dates[i] as string,
      open: v,
      high: -v,
      low: v / 3,
      close: v * 0.7,
      volume: Math.abs(v),
    }));
    await repo.write({
      source: 'csv:EXT.csv',
      ensureInstruments: [instrument('EXT')],
      bars: [{ ticker: 'EXT', bars: extreme }],
    });
    const back = await storedBars('EXT');
    for (const [i, b] of extreme.entries()) {
      const r = back[i];
      for (const k of ['open', 'high', 'low', 'close', 'volume'] as const)
        expect(Object.is(r?.[k], b[k])).toBe(true);
    }
    // Updated rows travel through the staging table: same exactness.
    const shifted = extreme.map((b) => ({ ...b, open: b.close, close: b.open }));
    await repo.write({ source: 'csv:EXT.csv', bars: [{ ticker: 'EXT', bars: shifted }] });
    const back2 = await storedBars('EXT');
    for (const [i, b] of shifted.entries()) {
      expect(Object.is(back2[i]?.open, b.open)).toBe(true);
      expect(Object.is(back2[i]?.close, b.close)).toBe(true);
    }
  });

  it('round-trips random finite doubles exactly (property)', async () => {
    const dates = sessions('2000-01-03', 2_000);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 5, maxLength: 5 * 400 }),
        async (values) => {
          const ticker = `RND${n++}`;
          const rows: Bar[] = [];
          for (let i = 0; i + 5 <= values.length; i += 5) {
            const [open, high, low, close, volume] = values.slice(i, i + 5) as [
              number,
              number,
              number,
              number,
              number,
            ];
            rows.push({ date: dates[i / 5] as string, open, high, low, close, volume });
          }
          await repo.write({
            source: 'csv:RND.csv',
            ensureInstruments: [instrument(ticker)],
            bars: [{ ticker, bars: rows }],
          });
          const back = await storedBars(ticker);
          expect(back).toHaveLength(rows.length);
          for (const [i, b] of rows.entries()) {
            const r = back[i];
            for (const k of ['open', 'high', 'low', 'close', 'volume'] as const) {
              if (!Object.is(r?.[k], b[k])) throw new Error(`${k} ${b[k]} came back as ${r?.[k]}`);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('copies text with tabs, newlines, backslashes, non-ASCII and NULLs in trades and quotes, and counts ticks exactly', async () => {
    const source = 'csv:tab\there\nnew\\line Zürich 株.csv';
    const trades: TradeRow[] = [
      { ts: 1_700_000_000_000, price: 1.5, size: 10, side: 'buy', condition: 'a\tb\\c\nd' },
      { ts: 1_700_000_000_000, price: 1.25, size: 5 },
      { ts: 1_700_000_000_001, price: -0, size: Number.MIN_VALUE, condition: '\\N' },
      { ts: 1_700_000_000_002, price: 2, size: 1, condition: LONG },
    ];
    const quotes = [{ ts: 1_700_000_000_000, bid: 1.1, ask: 1.2, bid_size: 3, ask_size: 4 }];
    const batch = {
      source,
      ensureInstruments: [instrument('TXT')],
      trades: [{ ticker: 'TXT', trades }],
      quotes: [{ ticker: 'TXT', quotes }],
    };
    const first = await repo.write(batch);
    expect(first.trades).toEqual({ inserted: 4, updated: 0, unchanged: 0 });
    expect(first.quotes).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    const again = await repo.write(batch);
    expect(again.trades).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    const back = await repo.getTrades('TXT', 0, 2e12, new Date('2030-01-01T00:00:00Z'));
    expect(back).toEqual([
      { ts: 1_700_000_000_000, price: 1.5, size: 10, side: 'buy', condition: 'a\tb\\c\nd' },
      { ts: 1_700_000_000_000, price: 1.25, size: 5 },
      { ts: 1_700_000_000_001, price: -0, size: Number.MIN_VALUE, condition: '\\N' },
      { ts: 1_700_000_000_002, price: 2, size: 1, condition: LONG },
    ]);
    expect(Object.is(back[2]?.price, -0)).toBe(true);
    const sources = await sql<{
      source: string;
    }>`select distinct source from trades where ticker = 'TXT'`.execute(storage.db);
    expect(sources.rows).toEqual([{ source }]);
    const fixed = await repo.write({
      ...batch,
      trades: [
        {
          ticker: 'TXT',
          trades: [
            trades[0] as TradeRow,
            { ...(trades[1] as TradeRow), side: 'sell' },
            trades[2] as TradeRow,
            trades[3] as TradeRow,
          ],
        },
      ],
    });
    expect(fixed.trades).toEqual({ inserted: 0, updated: 1, unchanged: 3 });
  });

  it('writes many tickers in one transaction and agrees with the unnest path row for row', async () => {
    const tickers = ['MA', 'MB', 'MC', 'MD'];
    const input = tickers.map((t, k) => ({
      ticker: t,
      bars: bars(sessions('2015-01-02', 1_500 + k), 10 + k),
    }));
    const viaCopy = await repo.write({
      source: 'csv:many',
      ensureInstruments: tickers.map(instrument),
      bars: input,
    });
    const plain = createMarketDataRepo(storage, { copy: false });
    const other = input.map((e) => ({ ticker: `U${e.ticker}`, bars: e.bars }));
    const viaUnnest = await plain.write({
      source: 'csv:many',
      ensureInstruments: other.map((e) => instrument(e.ticker)),
      bars: other,
    });
    expect(viaCopy).toEqual(viaUnnest);
    for (const t of tickers) {
      const a = (await storedBars(t)).map(({ source: _, ...r }) => r);
      const b = (await storedBars(`U${t}`)).map(({ source: _, ...r }) => r);
      expect(a).toEqual(b);
    }
  });

  it('withPgTransaction commits with the callback and rolls back when it throws', async () => {
    const run = storage.withPgTransaction;
    if (run === undefined) throw new Error('expected a PostgreSQL storage');
    await run(async (trx, client) => {
      await client.query(`insert into instruments (ticker, name, asset_class, currency, calendar, active, source)
        values ('SEAM', 'x', 'equity', 'USD', 'XNYS', 1, 'test')`);
      const seen = await sql<{
        n: string;
      }>`select count(*) as n from instruments where ticker = 'SEAM'`.execute(trx);
      expect(Number(seen.rows[0]?.n)).toBe(1);
    });
    await expect(
      run(async (_trx, client) => {
        await client.query(`delete from instruments where ticker = 'SEAM'`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await repo.findTicker('SEAM')).ok).toBe(true);
  });
});
