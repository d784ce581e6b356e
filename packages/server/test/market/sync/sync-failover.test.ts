/**
 * Sync leadership fails over (issue #45). Two nodes on one PostgreSQL database run the sync scheduler; the
 * one holding the sync lease stops mid-backfill without releasing it (its host hung or was cut off: no
 * more answers, no more renewals). The other node must take the unfinished run over once the lease runs
 * out, not at the next session close.
 */
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
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../support/pg.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer } from './fake-tiingo.js';

const pg = await postgresAvailable();
const NOW = new Date('2024-01-10T23:00:00Z');
const TICKERS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH'];
const LEASE_SECONDS = 3;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A node's view of the sync state that, once the node is dead, neither renews nor releases a lease. */
class DyingState extends SyncStateRepo {
  dead = false;
  override acquireLease(name: string, holder: string, ttlMs: number, replacing?: string): Promise<boolean> {
    return this.dead ? Promise.resolve(false) : super.acquireLease(name, holder, ttlMs, replacing);
  }
  override releaseLease(name: string, holder: string): Promise<void> {
    return this.dead ? Promise.resolve() : super.releaseLease(name, holder);
  }
}

describe.skipIf(!pg)('sync leadership across two nodes (PostgreSQL)', () => {
  let db: TestDatabase;
  const storages: Storage[] = [];
  const fakes: FakeProviderServer[] = [];
  const schedulers: SyncScheduler[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const s of schedulers) await s.stop();
    for (const f of fakes) await f.close();
    for (const s of storages) await s.close();
    await db?.drop();
  });

  async function node(fake: FakeProviderServer) {
    const storage = await openStorage({ kind: 'postgres', url: db.url });
    storages.push(storage);
    await migrateToLatest(storage);
    const state = new DyingState(storage, () => NOW);
    const env: Record<string, string> = {
      BELLWETHER_TIINGO_TOKEN: 't',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '1',
      BELLWETHER_SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    const market = createMarketDataRepo(storage, { now: () => NOW });
    const scheduler = new SyncScheduler(
      { config: parseMarketSyncConfig([], (n) => env[n]), market, state, now: () => NOW, calendar: XNYS },
      silent,
      new SyncMetrics(),
    );
    schedulers.push(scheduler);
    return { state, market, scheduler };
  }

  it("takes a dead leader's unfinished backfill over within a lease period", async () => {
    // Node A's provider answers three tickers' bars, then A dies: nothing more is answered or renewed.
    let answered = 0;
    let died = 0;
    const a = await FakeProviderServer.start();
    const b = await FakeProviderServer.start();
    fakes.push(a, b);
    const leader = await node(a);
    const follower = await node(b);
    a.handler = (req) => {
      if (!req.url.pathname.endsWith('/prices')) return tiingoAnswer(req, '2024-01-10');
      if (answered < 3) {
        answered++;
        return tiingoAnswer(req, '2024-01-10');
      }
      if (!leader.state.dead) {
        leader.state.dead = true;
        died = Date.now();
      }
      return { hang: true };
    };
    b.handler = (req) => tiingoAnswer(req, '2024-01-10');
    await leader.state.addToUniverse(TICKERS);

    leader.scheduler.start();
    const until = Date.now() + 10_000;
    while ((await leader.state.leaseHolder('market-sync')) === undefined && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    // The follower starts while the leader holds the lease: its catch-up finds the sync busy.
    follower.scheduler.start();

    const deadline = Date.now() + 30_000;
    let fresh = 0;
    while (Date.now() < deadline) {
      fresh = (await follower.market.freshness(NOW)).filter(
        (f) => TICKERS.includes(f.ticker) && f.last_bar === f.known_through,
      ).length;
      if (fresh === TICKERS.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const took = Date.now() - died;
    expect(died).toBeGreaterThan(0);
    expect(fresh).toBe(TICKERS.length);
    // The lease runs out at most LEASE_SECONDS after the leader's last renewal; the follower looks every
    // third of that, then syncs five tickers from a loopback provider.
    expect(took).toBeLessThan(2 * LEASE_SECONDS * 1000);
    // The three tickers the leader stored are not asked again.
    const askedOfFollower = new Set(
      b.seen.filter((r) => r.url.pathname.endsWith('/prices')).map((r) => r.url.pathname.split('/')[3]),
    );
    expect([...askedOfFollower].sort()).toEqual(['ddd', 'eee', 'fff', 'ggg', 'hhh']);
  }, 60_000);
});
