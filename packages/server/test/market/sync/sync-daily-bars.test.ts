import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openStorage } from '../../../src/db/open-storage.js';
import type { Scheduler } from '../../../src/market/providers/call-provider.js';
import { StooqProvider, TiingoProvider } from '../../../src/market/providers/index.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { createMarketDataRepo, type KyselyMarketDataRepo } from '../../../src/market/store/index.js';
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
  let close: () => Promise<void>;
  const budget = () => new ProviderBudget({ perMinute: 1000, perDay: 10_000 });
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    const storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(storage);
    repo = createMarketDataRepo(storage);
    close = () => storage.close();
  });
  afterAll(async () => {
    await fake.close();
    await close();
  });
  const tiingoSync = (tickers: string[]) =>
    syncDailyBars({
      provider: new TiingoProvider('k', fake.baseUrl),
      budget: budget(),
      repo,
      tickers,
      range: RANGE,
      scheduler: simulated(),
    });

  it('stores each ticker whole, raw, with its actions beside the bars; adjustment happens on read', async () => {
    fake.handler = (req) =>
      req.url.pathname.includes('/nope/') ? { status: 404, body: '{"detail":"not found"}' } : tiingo();
    const done = await tiingoSync(['ACME', 'NOPE', 'BETA']);
    expect(done.map((d) => [d.ticker, d.outcome])).toEqual([
      ['ACME', 'synced'],
      ['NOPE', 'unknown_symbol'],
      ['BETA', 'synced'],
    ]);
    expect(done[0]).toMatchObject({ bars: { inserted: 5 }, actions: { inserted: 1 } });
    const raw = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'raw' });
    expect(raw?.source).toBe('tiingo');
    expect(Array.from(raw?.close ?? [])).toEqual([200, 202, 102, 103, 104]);
    const split = await repo.getDailySeries('ACME', { asOf: AS_OF, adjustment: 'split' });
    expect(Array.from(split?.close ?? [])).toEqual([100, 101, 102, 103, 104]);
  });

  it('is idempotent, and updates exactly a bar the provider revised since', async () => {
    fake.handler = () => tiingo();
    const again = await tiingoSync(['ACME']);
    expect(again[0]).toMatchObject({ outcome: 'synced', bars: { inserted: 0, updated: 0, unchanged: 5 } });
    fake.handler = () => tiingo((date, i) => (date === '2024-01-05' ? 103.5 : i < 2 ? 200 + 2 * i : 100 + i));
    const revised = await tiingoSync(['ACME']);
    expect(revised[0]).toMatchObject({ outcome: 'synced', bars: { inserted: 0, updated: 1, unchanged: 4 } });
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
  });

  it('refuses an already-adjusted series rather than adjust it a second time', async () => {
    fake.handler = () => ({
      body: `Date,Open,High,Low,Close,Volume\n${(DATES as string[]).map((d) => `${d},10,11,9,10,100`).join('\n')}\n`,
    });
    const done = await syncDailyBars({
      provider: new StooqProvider(fake.baseUrl),
      budget: budget(),
      repo,
      tickers: ['ZETA'],
      range: RANGE,
      scheduler: simulated(),
    });
    expect(done[0]).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('split_div') });
    expect(await repo.getDailySeries('ZETA', { asOf: AS_OF, adjustment: 'raw' })).toBeUndefined();
  });
});
