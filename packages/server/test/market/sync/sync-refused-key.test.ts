import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
