import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openStorage } from '../../../src/db/open-storage.js';
import type { Storage } from '../../../src/db/repositories.js';
import { XNYS } from '../../../src/market/calendar/xnys.js';
import { createMarketDataRepo } from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { SyncMetrics } from '../../../src/market/sync/sync-metrics.js';
import { SyncScheduler } from '../../../src/market/sync/sync-scheduler.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';

const NOW = new Date('2024-01-10T23:00:00Z');
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('the sync scheduler in serve', () => {
  let fake: FakeProviderServer;
  let storage: Storage;
  let state: SyncStateRepo;
  let scheduler: SyncScheduler;
  const metrics = new SyncMetrics();

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    fake.handler = () => ({ hang: true });
    storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(storage);
    state = new SyncStateRepo(storage, () => NOW);
    await state.addToUniverse(['SLOW']);
    const env: Record<string, string> = {
      BELLWETHER_TIINGO_TOKEN: 't',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
    };
    scheduler = new SyncScheduler(
      {
        config: parseMarketSyncConfig([], (n) => env[n]),
        market: createMarketDataRepo(storage, { now: () => NOW }),
        state,
        now: () => NOW,
        calendar: XNYS,
      },
      silent,
      metrics,
    );
  });
  afterAll(async () => {
    await scheduler?.stop();
    await fake.close();
    await storage.close();
  });

  it('lets publication wait for a running sync only so long, and stops it at shutdown without waiting it out', async () => {
    scheduler.start();
    const deadline = Date.now() + 10_000;
    while (fake.seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(fake.seen).toHaveLength(1);
    let t = performance.now();
    await scheduler.settled(300);
    const waited = performance.now() - t;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5_000);
    t = performance.now();
    await scheduler.stop();
    expect(performance.now() - t).toBeLessThan(6_000);
    // The hanging request was abandoned; the lease is given up as unfinished (expired, not released), so
    // another node's watch takes the run over at once (issue #45).
    expect(await state.leaseHolder('market-sync')).toBeUndefined();
    expect(await state.abandonedLease('market-sync')).toMatch(/\|/);
    expect(metrics.tickers.get('not_reached')).toBe(1);
  });

  it('waits, so long, for a sync another node runs (its lease)', async () => {
    expect(await state.acquireLease('market-sync', 'other-node|1|x', 60_000)).toBe(true);
    const t = performance.now();
    await new SyncScheduler(
      {
        config: parseMarketSyncConfig([], () => undefined),
        market: createMarketDataRepo(storage),
        state,
        now: () => NOW,
        calendar: XNYS,
      },
      silent,
      new SyncMetrics(),
    ).settled(400);
    expect(performance.now() - t).toBeGreaterThanOrEqual(350);
    await state.releaseLease('market-sync', 'other-node|1|x');
  });
});
