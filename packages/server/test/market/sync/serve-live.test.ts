/**
 * `bellwether serve` with a provider key on an empty data directory (issue #24): no synthetic demo; it
 * backfills the default universe from the (loopback) provider in the background, says so at start, shows
 * freshness in /api/v1/session and sync outcomes in /metrics, and publishes the due session's cards from
 * the fresh data once the sync has finished. Live data means no demo account either (issue #45): the
 * operator creates accounts and keys with the CLI.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, ServeProcess } from '../../support/serve-process.js';
import { createTempDir, type TempDir } from '../../support/tmp.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer } from './fake-tiingo.js';

describe('bellwether serve with a market-data provider (child process, loopback Tiingo)', () => {
  let dir: TempDir;
  let fake: FakeProviderServer;
  let serve: ServeProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = createTempDir('bw-serve-live-');
    fake = await FakeProviderServer.start();
    fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // 15:00 New York on the 11th: the session is open and its cards (due 08:30) are not out yet.
      BELLWETHER_AS_OF: '2024-01-11T20:00:00Z',
      BELLWETHER_TIINGO_TOKEN: 'tk-serve',
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '2',
    };
    serve = await ServeProcess.start(env);
  }, 120_000);
  afterAll(async () => {
    await serve?.stop();
    await fake?.close();
    dir?.remove();
  });

  it('says what it syncs, backfills the default universe, and publishes from the fresh data', async () => {
    expect(serve.startup.market_data).toMatchObject({
      providers: ['tiingo'],
      message: expect.stringContaining('default universe of 40 US large caps and SPY'),
    });
    // A provider is configured: no demo account was created and no key printed.
    expect(serve.startup.demo_api_key).toBeNull();
    expect(serve.stdout()).not.toMatch(/bw_[0-9A-Za-z]{42}/);
    const listed = await runCli(['accounts', 'list', '--json'], env);
    expect(JSON.parse(listed.stdout)).toEqual({ accounts: [] });
    const account = JSON.parse(
      (
        await runCli(
          [
            'accounts',
            'create',
            '--name',
            'Ops',
            '--email',
            'ops@example.test',
            '--plan',
            'enterprise',
            '--json',
          ],
          env,
        )
      ).stdout,
    ) as { id: string };
    const key = (
      JSON.parse((await runCli(['keys', 'create', '--account', account.id, '--json'], env)).stdout) as {
        key: string;
      }
    ).key;
    const get = async <T>(path: string): Promise<T> =>
      (
        await fetch(`${serve.address}${path}`, { headers: { authorization: `Bearer ${key}` } })
      ).json() as Promise<T>;
    type Session = { data: { fresh: number }; cards_published_at: string | null };
    let session = await get<Session>('/api/v1/session');
    const deadline = Date.now() + 90_000;
    while ((session.data.fresh < 41 || session.cards_published_at === null) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      session = await get<Session>('/api/v1/session');
    }
    expect(session.data).toEqual({
      known_through: '2024-01-10',
      tickers: 41,
      fresh: 41,
      stale: 0,
      stale_tickers: [],
      never_synced: 0,
      stale_reasons: [],
    });
    expect(session.cards_published_at).not.toBeNull();
    // No synthetic demo ticker was seeded: the instruments are the default universe's.
    const cards = await get<{ count: number; cards: { data_as_of: string }[] }>('/api/v1/cards');
    expect(cards.count).toBeGreaterThan(0);
    for (const c of cards.cards) expect(c.data_as_of).toBe('2024-01-10T21:00:00Z');
    const metrics = await (await fetch(`${serve.address}/metrics`)).text();
    expect(metrics).toContain('bellwether_market_stale_tickers 0');
    expect(metrics).toMatch(/bellwether_market_sync_runs_total\{result="completed"\} 1/);
    expect(metrics).toMatch(/bellwether_market_sync_tickers_total\{outcome="synced"\} 41/);
    // 23 h from the close of the 10th to the clock (which runs on from the pinned instant).
    expect(metrics).toMatch(/bellwether_market_data_lag_seconds\{provider="tiingo"\} 828\d\d\n/);
  }, 120_000);
});
