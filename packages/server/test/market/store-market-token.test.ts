import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import {
  createMarketDataRepo,
  type Instrument,
  type KyselyMarketDataRepo,
} from '../../src/market/store/index.js';
import type { MarketWrite } from '../../src/market/store/types.js';
import { createTempDir } from '../support/tmp.js';

const instrument = (ticker: string): Instrument => ({
  ticker,
  name: `${ticker} Inc.`,
  exchange: 'XNYS',
  asset_class: 'equity',
  currency: 'USD',
  sector: 'tech',
  calendar: 'XNYS',
  active: true,
  source: 'test',
});
const bar = (date: string, close: number) => ({
  date,
  open: close,
  high: close + 1,
  low: close - 1,
  close,
  volume: 1000,
});
const AS_OF = new Date('2026-06-01T00:00:00Z');

/**
 * Two connections to one SQLite file, as the API and its webhook dispatcher thread (or `bellwether
 * ingest` beside `serve`) hold: the API's market caches are emptied by the other connection's market
 * writes, and by nothing else it commits (issue #23: a dispatcher's delivery commits used to empty them).
 */
describe('SQLite market change token (migration 0020)', () => {
  const dir = createTempDir('bw-market-token-');
  let api: KyselyStorage;
  let other: KyselyStorage;
  let repo: KyselyMarketDataRepo;

  beforeAll(async () => {
    const file = join(dir.path, 'market.db');
    api = await openStorage({ kind: 'sqlite', file });
    await migrateToLatest(api);
    other = await openStorage({ kind: 'sqlite', file });
    repo = createMarketDataRepo(api);
    await repo.write({
      source: 'test',
      ensureInstruments: [instrument('TOK')],
      bars: [{ ticker: 'TOK', bars: [bar('2026-05-26', 10), bar('2026-05-27', 11)] }],
    });
  });
  afterAll(async () => {
    await other?.close();
    await api?.close();
    dir.remove();
  });

  it('keeps a cached history warm when another connection commits anything but market data', async () => {
    // This connection's own market writes (beforeAll) are seen at the next foreign commit: one
    // conservative emptying (the generation moved), after which only market writes count.
    await other.accounts.create({ name: 'settles the generation', plan_id: null });
    api.marketChangeToken();
    await repo.getDailySeries('TOK', { asOf: AS_OF, adjustment: 'raw' });
    expect(repo.cache.get('TOK')?.dates).toEqual(['2026-05-26', '2026-05-27']);
    const change = api.externalChangeToken();
    const market = api.marketChangeToken();

    await other.accounts.create({ name: 'not market data', plan_id: null });
    await other.usage.add([
      { key_id: 'k_token', window: 'hour', window_start: '2026-05-28T10:00:00.000Z', delta: 1 },
    ]);

    expect(api.externalChangeToken()).not.toBe(change);
    expect(api.marketChangeToken()).toBe(market);
    expect(repo.cache.get('TOK')?.dates).toEqual(['2026-05-26', '2026-05-27']);
  });

  it("does not move for this connection's own market writes (the repository invalidates those itself)", async () => {
    const market = api.marketChangeToken();
    await repo.write({ source: 'test', bars: [{ ticker: 'TOK', bars: [bar('2026-05-28', 12)] }] });
    expect(api.marketChangeToken()).toBe(market);
    const series = await repo.getDailySeries('TOK', { asOf: AS_OF, adjustment: 'raw' });
    expect(series?.dates.at(-1)).toBe('2026-05-28');
  });

  it("serves another connection's new bar at once: its market write empties the cache", async () => {
    await repo.getDailySeries('TOK', { asOf: AS_OF, adjustment: 'raw' });
    const market = api.marketChangeToken();
    await createMarketDataRepo(other).write({
      source: 'test',
      bars: [{ ticker: 'TOK', bars: [bar('2026-05-29', 13)] }],
    });
    expect(api.marketChangeToken()).not.toBe(market);
    const series = await repo.getDailySeries('TOK', { asOf: AS_OF, adjustment: 'raw' });
    expect(series?.dates.at(-1)).toBe('2026-05-29');
    expect(series?.close.at(-1)).toBe(13);
  });

  // Every kind of market write through another connection's repository moves it.
  const writes: readonly [string, MarketWrite][] = [
    ['instrument', { source: 'test', instruments: [{ ...instrument('TOK'), name: 'Renamed' }] }],
    ['new instrument', { source: 'test', ensureInstruments: [instrument('TOK2')] }],
    [
      'corporate action',
      {
        source: 'test',
        actions: [{ ticker: 'TOK', actions: [{ date: '2026-05-27', kind: 'split', value: 2 }] }],
      },
    ],
    ['revised bar', { source: 'test', bars: [{ ticker: 'TOK', bars: [bar('2026-05-27', 11.5)] }] }],
  ];
  it.each(writes)('moves on another connection’s %s', async (_, write) => {
    const market = api.marketChangeToken();
    await createMarketDataRepo(other).write(write);
    expect(api.marketChangeToken()).not.toBe(market);
  });
});
