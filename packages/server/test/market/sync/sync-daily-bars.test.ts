import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openStorage } from '../../../src/db/open-storage.js';
import type { Scheduler } from '../../../src/market/providers/call-provider.js';
import { AlphaVantageProvider, StooqProvider, TiingoProvider } from '../../../src/market/providers/index.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { createMarketDataRepo, type KyselyMarketDataRepo } from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { syncDailyBars } from '../../../src/market/sync/sync-daily-bars.js';
import { type FakeAnswer, FakeProviderServer } from '../providers/fake-provider-server.js';

const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'];
const RANGE = { from: '2024-01-02', to: '2024-01-08' };
const AS_OF = new Date('2024-01-10T00:00:00Z');

/** Tiingo rows for a ticker: a 2-for-1 split on 2024-01-04, closes 200, 202 then 102, 103, 104. */
function tiingo(
  closeOn: (date: string, i: number) => number = (_, i) => (i < 2 ? 200 + 2 * i : 100 + i),
): FakeAnswer {
  return {
    body: JSON.stringify(
      DATES.map((date, i) => {
        const close = closeOn(date, i);
        return {
          date: `${date}T00:00:00.000Z`,
          open: close,
          high: close + 1,
          low: close - 1,
          close,
          volume: 1000,
          divCash: 0,
          splitFactor: date === '2024-01-04' ? 2 : 1,
        };
      }),
    ),
  };
}

/** `TIME_SERIES_DAILY_ADJUSTED` (newest first, strings) with closes 50 + i and no actions. */
const alphaVantage = (): FakeAnswer => ({
  body: JSON.stringify({
    'Meta Data': { '2. Symbol': 'X' },
    'Time Series (Daily)': Object.fromEntries(
      DATES.map((date, i) => {
        const c = (50 + i).toFixed(4);
        return [
          date,
          {
            '1. open': c,
            '2. high': c,
            '3. low': c,
            '4. close': c,
            '5. adjusted close': c,
            '6. volume': '10',
            '7. dividend amount': '0.0000',
            '8. split coefficient': '1.0',
          },
        ];
      }).reverse(),
    ),
  }),
});

const simulated = (): Scheduler => {
  let t = Date.parse('2026-11-27T00:00:00Z');
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    random: () => 0,
  };
};

describe('syncDailyBars', () => {
  let fake: FakeProviderServer;
  let repo: KyselyMarketDataRepo;
  let state: SyncStateRepo;
  let close: () => Promise<void>;
  const budget = () => new ProviderBudget({ perMinute: 1000, perDay: 10_000 });
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    const storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(storage);
    repo = createMarketDataRepo(storage);
    state = new SyncStateRepo(storage);
    close = () => storage.close();
  });
  afterAll(async () => {
    await fake.close();
    await close();
  });
  const tiingoSource = () => ({ provider: new TiingoProvider('k', fake.baseUrl), budget: budget() });
  const tiingoSync = (tickers: string[]) =>
    syncDailyBars({
      sources: [tiingoSource()],
      repo,
      plan: tickers.map((ticker) => ({ ticker, range: RANGE })),
      scheduler: simulated(),
    });
  const checkpoint = async (ticker: string) =>
    (await state.checkpoints('bars')).find((c) => c.ticker === ticker);

  it('stores each ticker whole, raw, with its actions beside the bars and its checkpoint; adjustment happens on read', async () => {
    fake.handler = (req) =>
      req.url.pathname.includes('/nope/') ? { status: 404, body: '{"detail":"not found"}' } : tiingo();
    const done = await tiingoSync(['ACME', 'NOPE', 'BETA']);
    expect(done.map((d) => [d.ticker, d.outcome])).toEqual([
      ['ACME', 'synced'],
      ['NOPE', 'unknown_symbol'],
      ['BETA', 'synced'],
    ]);
    expect(done[0]).toMatchObject({ bars: { inserted: 5 }, actions: { inserted: 1 }, through: '2024-01-08' });
    const raw = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'raw' });
    expect(raw?.source).toBe('tiingo');
    expect(Array.from(raw?.close ?? [])).toEqual([200, 202, 102, 103, 104]);
    const split = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'split' });
    expect(Array.from(split?.close ?? [])).toEqual([100, 101, 102, 103, 104]);
    expect(await checkpoint('ACME')).toEqual({
      provider: 'tiingo',
      ticker: 'ACME',
      kind: 'bars',
      through: '2024-01-08',
    });
    expect(await checkpoint('NOPE')).toBeUndefined();
  });

  it('reports what a read will flag in an answer as warnings (provider, date), and syncs the other tickers all the same', async () => {
    // A spin-off written as cash: a "dividend" of 500 on 2024-01-05 against a close of 103 (as KSU's 2000 row).
    fake.handler = (req) => {
      if (!req.url.pathname.includes('/spun/')) return tiingo();
      const rows = JSON.parse(tiingo().body as string) as Record<string, unknown>[];
      return {
        body: JSON.stringify(
          rows.map((r) => (String(r.date).startsWith('2024-01-05') ? { ...r, divCash: 500 } : r)),
        ),
      };
    };
    const done = await tiingoSync(['SPUN', 'GAMMA']);
    expect(done.map((d) => [d.ticker, d.outcome])).toEqual([
      ['SPUN', 'synced'],
      ['GAMMA', 'synced'],
    ]);
    const [spun, gamma] = done;
    expect(spun?.outcome === 'synced' ? spun.warnings : []).toEqual([
      expect.stringMatching(/^tiingo SPUN 2024-01-05 dividend: dividend 500 on 2024-01-05: /),
    ]);
    expect(gamma?.outcome === 'synced' ? gamma.warnings : undefined).toEqual([]);
    // Stored as sent, and served: the distribution is read from the ex-date close.
    const adjusted = await repo.getDailySeries('SPUN', { asOf: AS_OF, adjustment: 'split_div' });
    expect(adjusted?.close[2]).toBeCloseTo(102 * (103 / 603), 9);
  });

  it('is idempotent, and updates exactly a bar the provider revised since, logging the revision', async () => {
    fake.handler = () => tiingo();
    const again = await tiingoSync(['ACME']);
    expect(again[0]).toMatchObject({ outcome: 'synced', bars: { inserted: 0, updated: 0, unchanged: 5 } });
    expect(await state.revisions('ACME')).toEqual([]);
    fake.handler = () => tiingo((date, i) => (date === '2024-01-05' ? 103.5 : i < 2 ? 200 + 2 * i : 100 + i));
    const revised = await tiingoSync(['ACME']);
    expect(revised[0]).toMatchObject({ outcome: 'synced', bars: { inserted: 0, updated: 1, unchanged: 4 } });
    expect(await state.revisions('ACME')).toEqual([{ date: '2024-01-05', old_close: 103, new_close: 103.5 }]);
  });

  it('checkpoints the last bar received, not the range asked, when the provider has not the last session yet', async () => {
    fake.handler = () => {
      const rows = JSON.parse(tiingo().body as string) as unknown[];
      return { body: JSON.stringify(rows.slice(0, 4)) };
    };
    const done = await tiingoSync(['LATE']);
    expect(done[0]).toMatchObject({ outcome: 'synced', through: '2024-01-05' });
    expect((await checkpoint('LATE'))?.through).toBe('2024-01-05');
  });

  it('stops at a spent budget and names the tickers it did not reach, having stored the ones before whole', async () => {
    let calls = 0;
    fake.handler = () => {
      calls++;
      return calls === 1 ? tiingo() : { status: 429, headers: { 'retry-after': '86400' } };
    };
    const done = await tiingoSync(['GAMA', 'DLTA', 'EPSI']);
    expect(done.map((d) => d.outcome)).toEqual(['synced', 'not_reached', 'not_reached']);
    expect(done[1]).toMatchObject({ reason: expect.stringContaining('throttled') });
    expect((await repo.getDailySeries('GAMA', { asOf: AS_OF, adjustment: 'raw' }))?.dates).toEqual(DATES);
    expect(await repo.getDailySeries('DLTA', { asOf: AS_OF, adjustment: 'raw' })).toBeUndefined();
    expect(await checkpoint('DLTA')).toBeUndefined();
  });

  it('falls back to the next provider: for a ticker the first does not know, and for the rest once the first is spent', async () => {
    let tiingoCalls = 0;
    fake.handler = (req) => {
      if (req.url.pathname.startsWith('/query')) return alphaVantage();
      tiingoCalls++;
      if (req.url.pathname.includes('/onlyav/')) return { status: 404, body: '{"detail":"not found"}' };
      return tiingoCalls <= 2 ? tiingo() : { status: 429, headers: { 'retry-after': '86400' } };
    };
    const done = await syncDailyBars({
      sources: [
        tiingoSource(),
        { provider: new AlphaVantageProvider('av', fake.baseUrl, () => AS_OF), budget: budget() },
      ],
      repo,
      plan: ['ETA', 'ONLYAV', 'THETA', 'IOTA'].map((ticker) => ({ ticker, range: RANGE })),
      scheduler: simulated(),
    });
    expect(done.map((d) => [d.ticker, d.outcome, d.outcome === 'synced' ? d.provider : '-'])).toEqual([
      ['ETA', 'synced', 'tiingo'],
      ['ONLYAV', 'synced', 'alphavantage'],
      ['THETA', 'synced', 'alphavantage'],
      ['IOTA', 'synced', 'alphavantage'],
    ]);
    // Tiingo was asked ETA, ONLYAV (404) and THETA once (429 for a day: not waited out), then no more.
    expect(tiingoCalls).toBe(3);
    expect(
      Array.from((await repo.getDailySeries('IOTA', { asOf: AS_OF, adjustment: 'raw' }))?.close ?? []),
    ).toEqual([50, 51, 52, 53, 54]);
    expect(await checkpoint('IOTA')).toMatchObject({ provider: 'alphavantage', through: '2024-01-08' });
  });

  it('stores an already-adjusted series as such and never adjusts it again; never mixes it into a raw one', async () => {
    fake.handler = () => ({
      body: `Date,Open,High,Low,Close,Volume\n${(DATES as string[]).map((d, i) => `${d},${10 + i},${11 + i},${9 + i},${10 + i},100`).join('\n')}\n`,
    });
    const stooq = () => ({ provider: new StooqProvider(fake.baseUrl), budget: budget() });
    const done = await syncDailyBars({
      sources: [stooq()],
      repo,
      plan: [{ ticker: 'ZETA', range: RANGE }],
      scheduler: simulated(),
    });
    expect(done[0]).toMatchObject({ outcome: 'synced', provider: 'stooq' });
    // Asked raw or split-adjusted, the series is served as Stooq adjusted it, and says so.
    for (const adjustment of ['raw', 'split', 'split_div'] as const) {
      const s = await repo.getDailySeries('ZETA', { asOf: AS_OF, adjustment });
      expect(s?.adjustment).toBe('split_div');
      expect(Array.from(s?.close ?? [])).toEqual([10, 11, 12, 13, 14]);
    }
    // ACME is stored raw (from Tiingo): Stooq's adjusted prices are refused for it, and it is unchanged.
    const before = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'raw' });
    const mixed = await syncDailyBars({
      sources: [stooq()],
      repo,
      plan: [{ ticker: 'ACME', range: RANGE }],
      scheduler: simulated(),
    });
    expect(mixed[0]).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('ACME is stored with raw prices'),
    });
    const after = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'raw' });
    expect(Array.from(after?.close ?? [])).toEqual(Array.from(before?.close ?? []));
    expect(after?.adjustment).toBe('raw');
  });

  it('reports a range without bars from every provider as no data, and stores nothing', async () => {
    fake.handler = () => ({ body: '[]' });
    const done = await tiingoSync(['VOID']);
    expect(done[0]).toMatchObject({ outcome: 'no_data' });
    expect(await repo.getDailySeries('VOID', { asOf: AS_OF, adjustment: 'raw' })).toBeUndefined();
  });
});
