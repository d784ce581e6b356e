import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../../support/serve-process.js';
import { createTempDir, type TempDir } from '../../support/tmp.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { sessionDates, tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const TOKEN = 'tiingo-secret-7f3a9c';
const AS_OF = '2024-01-10T23:00:00Z';

interface SyncSummary {
  ok: true;
  target: string;
  providers: string[];
  universe: string;
  tickers: number;
  up_to_date: string[];
  counts: Record<string, number>;
  results: {
    ticker: string;
    outcome: string;
    provider?: string;
    through?: string;
    bars?: { inserted: number };
  }[];
  estimate: { requests: number; per_day: number; days: number };
}

describe('bellwether sync and universe (child processes, a loopback Tiingo)', () => {
  let dir: TempDir;
  let fake: FakeProviderServer;
  let env: Record<string, string>;
  const sync = async (...args: string[]) => {
    const r = await runCli(['sync', '--json', ...args], env);
    return { ...r, summary: JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as SyncSummary };
  };

  beforeAll(async () => {
    dir = createTempDir('bw-sync-cli-');
    fake = await FakeProviderServer.start();
    fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_AS_OF: AS_OF,
      BELLWETHER_TIINGO_TOKEN: TOKEN,
      BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
      BELLWETHER_BACKFILL_YEARS: '1',
    };
  });
  afterAll(async () => {
    await fake?.close();
    dir?.remove();
  });

  it('says what to set when no provider is configured', async () => {
    const r = await runCli(['sync', '--json'], { ...env, BELLWETHER_TIINGO_TOKEN: '' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      error: { code: 'no_provider', message: expect.stringContaining('BELLWETHER_TIINGO_TOKEN') },
    });
  }, 60_000);

  it('manages the universe from arguments and a file, refusing a malformed ticker and changing nothing', async () => {
    const bad = await runCli(['universe', 'add', 'ACME', 'NOT A TICKER', '--json'], env);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.message).toContain('NOT A TICKER');
    const add = await runCli(['universe', 'add', 'acme,beta', 'ACME', '--json'], env);
    expect(JSON.parse(add.stdout)).toEqual({ added: 2, already: 0, size: 2, described: 0 });
    const file = join(dir.path, 'universe.csv');
    writeFileSync(file, 'ticker,name\n# large caps\nGAMA,Gamma Corp\nbeta,Beta Inc\n\n');
    const fromFile = await runCli(['universe', 'add', '--file', file, '--json'], env);
    // The file's names become the instruments' names until reference data say more.
    expect(JSON.parse(fromFile.stdout)).toEqual({ added: 1, already: 1, size: 3, described: 2 });
    const removed = await runCli(['universe', 'remove', 'GAMA', 'ZZZ', '--json'], env);
    expect(JSON.parse(removed.stdout)).toEqual({ removed: 1, not_followed: 1, size: 2 });
    await runCli(['universe', 'add', 'GAMA'], env);
    const list = await runCli(['universe', 'list', '--json'], env);
    expect(JSON.parse(list.stdout).tickers.map((t: { ticker: string }) => t.ticker)).toEqual([
      'ACME',
      'BETA',
      'GAMA',
    ]);
  }, 120_000);

  it('resumes a backfill killed mid-run where it stopped: stored tickers are not asked again', async () => {
    // BETA's answer never comes: the sync is killed while waiting for it, after ACME is stored.
    fake.handler = (req) => (tiingoTicker(req) === 'BETA' ? { hang: true } : tiingoAnswer(req, '2024-01-10'));
    const seenBefore = fake.seen.length;
    const { child, done } = spawnCli(['sync', '--json'], env);
    const deadline = Date.now() + 60_000;
    while (!fake.seen.slice(seenBefore).some((r) => tiingoTicker(r) === 'BETA') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await done;
    const prices = (from: number) =>
      fake.seen
        .slice(from)
        .filter((q) => q.url.pathname.endsWith('/prices'))
        .map(tiingoTicker);
    const asked = prices(seenBefore);
    expect(asked).toEqual(['ACME', 'BETA']);

    fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
    const from = fake.seen.length;
    const r = await sync();
    expect(r.code).toBe(0);
    expect(r.summary).toMatchObject({
      ok: true,
      target: '2024-01-10',
      providers: ['tiingo'],
      universe: 'universe',
      tickers: 3,
      up_to_date: ['ACME'],
      counts: { synced: 2, up_to_date: 1, failed: 0, not_reached: 0 },
    });
    expect(prices(from)).toEqual(['BETA', 'GAMA']);
    // A one-year backfill: from 2023-01-10, every session through the target.
    expect(
      fake.seen
        .filter((q) => q.url.pathname.endsWith('/prices'))
        .at(-1)
        ?.url.searchParams.get('startDate'),
    ).toBe('2023-01-10');
    expect(r.summary.results[0]).toMatchObject({
      ticker: 'BETA',
      outcome: 'synced',
      through: '2024-01-10',
      bars: { inserted: sessionDates('2023-01-10', '2024-01-10').length },
    });
  }, 120_000);

  it('never shows the key: not in output, not in a URL; it travels only in the Authorization header', async () => {
    fake.handler = () => ({ status: 500, body: `upstream failure for token ${TOKEN}` });
    const r = await runCli(['sync', '--json', '--tickers', 'DELTA', '--as-of', '2024-01-11T23:00:00Z'], env);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    for (const req of fake.seen) {
      expect(req.url.toString()).not.toContain(TOKEN);
      expect(req.headers.authorization).toBe(`Token ${TOKEN}`);
    }
  }, 120_000);
});
