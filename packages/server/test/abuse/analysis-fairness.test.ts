/**
 * Issue #23: one caller filled the analysis queue (2,040 dashboard jobs in distributed mode) and an
 * enterprise customer got 503 on 17 of 26 submissions. Metering now bounds what a caller may submit,
 * but one account at its burst limit could still fill the queue for everyone; so one account may hold
 * at most a fifth of it. Both modes, with no worker threads so that jobs stay queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

describe.each(MODES)('no account can fill the analysis queue for the others (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let ticker: string;

  const submit = (key: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker, tier: 'Full' }),
    });

  beforeAll(async () => {
    deployment = await Deployment.create(mode, {
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0, queueLimit: 10 },
    });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, server.platform.clock.now());
    ticker = ((await server.platform.market.listInstruments())[0] as { ticker: string }).ticker;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('queues at most a fifth of the queue per account, exactly, under concurrency; others still get in', async () => {
    const greedy = await server.account('enterprise', { quota: 1_000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(greedy.key as string)));
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(2);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      const p = expectProblem(r, 429, 'too_many_jobs');
      expect(String(p.detail)).toMatch(/2 analyses waiting/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused submissions are not billed.
    const account = (await server.get('/api/v1/account', greedy.key)).json();
    expect(account.limits.quota.used).toBe(2);
    // Another account is not starved.
    const other = await server.account('enterprise');
    expect((await submit(other.key as string)).statusCode).toBe(202);
  });
});
