/**
 * Five sessions on the as-of clock (issue #24): after each close the sync brings the day from a loopback
 * Tiingo, and the next session's cards are published from fresh data only. On day 3 one ticker splits 2:1;
 * from day 3 on another ticker's provider stops delivering, and publication leaves it out by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSession } from '../../../src/cards/publish-session.js';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openStorage } from '../../../src/db/open-storage.js';
import type { Storage } from '../../../src/db/repositories.js';
import { XNYS } from '../../../src/market/calendar/xnys.js';
import { BenchmarkResolver } from '../../../src/market/store/benchmark-resolver.js';
import { createMarketDataRepo, type KyselyMarketDataRepo } from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { runMarketSync } from '../../../src/market/sync/run-market-sync.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08'];
const SPLIT_DAY = DAYS[2] as string;
const LAGGARD_LAST = DAYS[1] as string;
const UNIVERSE = ['AAA', 'BBB', 'CCC', 'SPLT', 'LAGG', 'SPY'];

describe('five sessions: sync after each close, publication from fresh data only', () => {
  let fake: FakeProviderServer;
  let storage: Storage;
  let market: KyselyMarketDataRepo;
  let state: SyncStateRepo;
  let now = new Date(0);
  let published = '';

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(storage);
    market = createMarketDataRepo(storage, { now: () => now });
    state = new SyncStateRepo(storage, () => now);
    await state.addToUniverse(UNIVERSE);
  });
  afterAll(async () => {
    await fake.close();
    await storage.close();
  });

  it('keeps the cards on fresh data, applies the split on read, and names the stale ticker', async () => {
    const env: Record<string, string> = {
      BELLWETHER_TIINGO_TOKEN: 'tk',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '2',
    };
    const config = parseMarketSyncConfig([], (n) => env[n]);
    const deps = { config, market, state, now: () => now };
    const pub = {
      market,
      benchmarks: new BenchmarkResolver(market, undefined),
      storage,
      calendar: XNYS,
      now: () => now,
      wallNow: () => now,
      cards: {
        perSession: 10,
        universe: undefined,
        leadMinutes: 60,
        ranking: 'edge' as const,
        costBps: 5,
        // No expected-R floor: this is about the data reaching the cards, so every session has some.
        minExpectedR: -5,
        marketFilter: false,
      },
    };
    for (const [i, day] of DAYS.entries()) {
      const session = XNYS.sessionOn(day);
      if (session === undefined) throw new Error(`${day} is not a session`);
      // The provider has the day once it closed; the laggard's stops after LAGGARD_LAST.
      fake.handler = (req) =>
        tiingoAnswer(req, tiingoTicker(req) === 'LAGG' && day > LAGGARD_LAST ? LAGGARD_LAST : day, {
          ...(tiingoTicker(req) === 'SPLT' && day >= SPLIT_DAY ? { [SPLIT_DAY]: 2 } : {}),
        });
      now = new Date(session.closes_at.getTime() + 30 * 60_000);
      const sync = await runMarketSync(deps);
      if (!sync.ok) throw new Error(sync.message);
      expect(sync.target).toBe(day);
      expect(sync.counts).toMatchObject({ synced: 6, failed: 0, not_reached: 0 });
      const lagg = sync.results.find((r) => r.ticker === 'LAGG');
      expect(lagg).toMatchObject({ outcome: 'synced', through: day > LAGGARD_LAST ? LAGGARD_LAST : day });
      // From the second day on each ticker is asked from shortly before its checkpoint, not 2 years back.
      if (i > 0)
        for (const r of fake.seen.filter((q) => q.url.pathname.endsWith('/prices')).slice(-6))
          expect((r.url.searchParams.get('startDate') as string) >= '2024-02-20').toBe(true);

      if (day === SPLIT_DAY) {
        // Stored raw with the split beside it; the split-adjusted series is continuous across it.
        const raw = await market.getDailySeries('SPLT', { asOf: now, adjustment: 'raw' });
        const adj = await market.getDailySeries('SPLT', { asOf: now, adjustment: 'split' });
        const n = raw?.dates.length ?? 0;
        expect(raw?.dates.at(-1)).toBe(SPLIT_DAY);
        const before = raw?.close[n - 2] as number;
        const after = raw?.close[n - 1] as number;
        expect(before / after).toBeGreaterThan(1.8);
        expect(adj?.close[n - 2]).toBeCloseTo(before / 2, 10);
        expect(adj?.close[n - 1]).toBe(after);
        expect(await market.getActions('SPLT', now)).toEqual([{ date: SPLIT_DAY, kind: 'split', value: 2 }]);
        // The cards published before the split (there are some) are unchanged by it.
        expect(JSON.parse(published)).not.toEqual([]);
        expect(
          JSON.stringify(
            await storage.cards.listBySession(
              XNYS.currentOrNext(new Date(XNYS.sessionOn(DAYS[1] as string)!.closes_at.getTime() + 1)).id,
            ),
          ),
        ).toBe(published);
      }

      // The next session's cards, published an hour before its open, from data through `day`.
      const next = XNYS.currentOrNext(new Date(session.closes_at.getTime() + 1));
      now = new Date(next.opens_at.getTime() - 60 * 60_000);
      const r = await publishSession(pub);
      if (!r.ok) throw new Error(r.message);
      expect(r.session).toBe(next.id);
      expect(r.published).toBe(true);
      expect(r.data_as_of).toBe(session.closes_at.toISOString().replace('.000Z', 'Z'));
      const stale = day > LAGGARD_LAST ? ['LAGG'] : [];
      expect(r.stale).toEqual(stale);
      expect(r.tickers_scanned).toBe(UNIVERSE.length - stale.length);
      const cards = await storage.cards.listBySession(next.id);
      expect(cards).toHaveLength(r.cards);
      for (const c of cards)
        expect(stale).not.toContain((c.payload as { asset: { ticker: string } }).asset.ticker);
      if (day === DAYS[1]) published = JSON.stringify(cards);
    }
  }, 120_000);
});
