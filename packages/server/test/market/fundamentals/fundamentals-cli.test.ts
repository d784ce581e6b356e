import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../../src/db/open-storage.js';
import { runCli } from '../../support/serve-process.js';
import { createTempDir, type TempDir } from '../../support/tmp.js';
import { EdgarStandIn } from './edgar-stand-in.js';

describe('bellwether fundamentals sync (child processes, EDGAR stand-in)', () => {
  let dir: TempDir;
  let edgar: EdgarStandIn;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = createTempDir('bw-fundamentals-cli-');
    edgar = await EdgarStandIn.start();
    edgar.documents.set(
      '/files/company_tickers.json',
      JSON.stringify({ '0': { cik_str: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' } }),
    );
    edgar.documents.set(
      '/api/xbrl/companyfacts/CIK0001318605.json',
      readFileSync(new URL('./fixtures/tsla-companyfacts-excerpt.json', import.meta.url), 'utf8'),
    );
    env = {
      BELLWETHER_DATA_DIR: join(dir.path, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      BELLWETHER_SEC_USER_AGENT: 'Bellwether tests ops@example.test',
      BELLWETHER_SEC_BASE_URL: edgar.baseUrl,
    };
  });
  afterAll(async () => {
    await edgar?.close();
    dir?.remove();
  });

  it('stores the named tickers’ facts, reports an unknown one by name, and a second run adds nothing', async () => {
    for (const k of [0, 1]) {
      const r = await runCli(['fundamentals', 'sync', 'TSLA,NOPE', '--json'], env);
      expect(r.code, r.stderr).toBe(0);
      const body = JSON.parse(r.stdout) as { tickers: Record<string, unknown>[] };
      expect(body.tickers[0]).toEqual({ ticker: 'TSLA', facts: 61, added: k === 0 ? 61 : 0 });
      expect(body.tickers[1]).toMatchObject({ ticker: 'NOPE', retryable: false });
      expect(String(body.tickers[1]?.error)).toMatch(/unknown_symbol/);
    }
    const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'data', 'bellwether.db') });
    try {
      expect(await storage.fundamentalFacts.load('TSLA')).toHaveLength(61);
    } finally {
      await storage.close();
    }
  }, 240_000);

  it('without BELLWETHER_SEC_USER_AGENT it says what to set and stores nothing', async () => {
    const r = await runCli(['fundamentals', 'sync', 'TSLA', '--json'], {
      ...env,
      BELLWETHER_SEC_USER_AGENT: '',
    });
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/BELLWETHER_SEC_USER_AGENT/);
  }, 120_000);
});
