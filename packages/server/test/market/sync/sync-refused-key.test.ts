import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openStorage } from '../../../src/db/open-storage.js';
import { renderMarketMetrics } from '../../../src/http/routes/system/market-metrics.js';
import { XNYS } from '../../../src/market/calendar/xnys.js';
import { createMarketDataRepo } from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { SyncMetrics } from '../../../src/market/sync/sync-metrics.js';
import { SyncScheduler } from '../../../src/market/sync/sync-scheduler.js';
import { runCli } from '../../support/serve-process.js';
import { createTempDir, type TempDir } from '../../support/tmp.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';

// Issue #45: a refused key read like a busy provider ("not reached (budget spent or provider unavailable):
// run again later") and cron never noticed a revoked key.
describe('bellwether sync with a key the provider refuses', () => {
  let dir: TempDir;
  let fake: FakeProviderServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = createTempDir('bw-sync-refused-');
    fake = await FakeProviderServer.start();
    fake.handler = () => ({
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ detail: 'Invalid token.' }),
    });
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_AS_OF: '2024-01-10T23:00:00Z',
      BELLWETHER_TIINGO_TOKEN: 'revoked-token-1234',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '1',
    };
  });
  afterAll(async () => {
    await fake?.close();
    dir?.remove();
  });

  it('says the key was refused, names the setting, and exits non-zero', async () => {
    const r = await runCli(['sync', '--tickers', 'AAPL,MSFT'], env);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('tiingo refused the key (401 unauthorized)');
    expect(r.stdout).toContain('BELLWETHER_TIINGO_TOKEN');
    expect(r.stdout).not.toContain('budget spent');
    expect(`${r.stdout}${r.stderr}`).not.toContain('revoked-token-1234');
    const json = await runCli(['sync', '--tickers', 'AAPL', '--json'], env);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      ok: true,
      refused: [{ provider: 'tiingo', reason: 'unauthorized', status: 401 }],
    });
  }, 60_000);
});

describe('a refused key in serve', () => {
  it('is counted on /metrics by provider and reason, and logged as an error', async () => {
    const fake = await FakeProviderServer.start();
    fake.handler = () => ({ status: 403, body: '{"message":"plan does not include this data"}' });
    const storage = await openStorage({ kind: 'sqlite', file: ':memory:' });
    const now = () => new Date('2024-01-10T23:00:00Z');
    const errors: string[] = [];
    const metrics = new SyncMetrics();
    let scheduler: SyncScheduler | undefined;
    try {
      await migrateToLatest(storage);
      const state = new SyncStateRepo(storage, now);
      await state.addToUniverse(['AAPL']);
      const env: Record<string, string> = {
        BELLWETHER_POLYGON_KEY: 'k',
        BELLWETHER_POLYGON_BASE_URL: fake.baseUrl,
      };
      const market = createMarketDataRepo(storage, { now });
      scheduler = new SyncScheduler(
        { config: parseMarketSyncConfig([], (n) => env[n]), market, state, now, calendar: XNYS },
        { info: () => {}, warn: () => {}, error: (_o, msg) => errors.push(msg) },
        metrics,
      );
      scheduler.start();
      const deadline = Date.now() + 10_000;
      while (metrics.runs.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(metrics.runs.get('refused')).toBe(1);
      const text = await renderMarketMetrics({
        market,
        syncState: state,
        syncMetrics: metrics,
        calendar: XNYS,
        now,
      });
      expect(text).toContain('bellwether_sync_refusals_total{provider="polygon",reason="forbidden"} 1');
      expect(text).toContain('# TYPE bellwether_sync_refusals_total counter');
      expect(errors.join()).toContain('refused its key');
    } finally {
      await scheduler?.stop();
      await fake.close();
      await storage.close();
    }
  }, 30_000);
});
