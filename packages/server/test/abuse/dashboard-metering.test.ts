/**
 * Issue #23, finding 1: the dashboard's JSON API skipped entitlements, burst and quota (a starter
 * account ran 1,983 Full analyses in 20 s, unbilled; an account without a plan got 202 on analysis and
 * pulled 10,926 bars in 62 calls). Every data action of the dashboard is now metered like the API call
 * it stands for, on the account's dashboard meter, and shown in usage. Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('the dashboard is metered like the API (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let ticker: string;
  let address = 0;

  /** An account (with a key when it has a plan) and a dashboard session of its user, from its own address. */
  const signedIn = async (plan: string | null, opts: { quota?: number; burst?: number } = {}) => {
    const email = `m-${Math.random().toString(36).slice(2)}@example.test`;
    const created = await server.account(plan, { ...opts, email, password: PASSWORD });
    const { call } = await server.dashboard(email, PASSWORD, `10.23.0.${++address}`);
    return { ...created, call };
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, server.platform.clock.now());
    const instruments = await server.platform.market.listInstruments();
    ticker = (instruments[0] as { ticker: string }).ticker;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses an account without a plan every data action (it ran analyses and pulled bars)', async () => {
    const { call, account } = await signedIn(null);
    for (const [method, url, body] of [
      ['POST', '/analysis', { ticker, tier: 'Full' }],
      ['GET', `/bars/${ticker}`],
      ['GET', '/cards'],
      ['GET', '/track-record'],
    ] as const) {
      const p = expectProblem(await call(method, url, body), 403, 'plan_required');
      expect(p.current_plan).toBeNull();
    }
    expect(await server.platform.storage.analysis.list(account.id, { limit: 10 })).toEqual([]);
  });

  it('refuses analyses to a plan without the analysis entitlement (a starter account ran 1,983)', async () => {
    const { call, account } = await signedIn('starter');
    const p = expectProblem(await call('POST', '/analysis', { ticker, tier: 'Full' }), 403, 'plan_required');
    expect(p.required_plan).toBe('analyst');
    expect(p.entitlement).toBe('analysis');
    expect(await server.platform.storage.analysis.list(account.id, { limit: 10 })).toEqual([]);
  });

  it('admits exactly the burst limit of concurrent dashboard calls and refuses the rest with 429 and its headers', async () => {
    const { call } = await signedIn('growth');
    const answers = await Promise.all(Array.from({ length: 15 }, () => call('GET', '/cards')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expectProblem(r, 429, 'rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['ratelimit-policy']).toBeDefined();
    }
    expect(answers.find((r) => r.statusCode === 200)?.headers.ratelimit).toBeDefined();
  });

  it('bills the account’s dashboard meter, refuses past the quota, and shows the usage', async () => {
    const { call } = await signedIn('growth', { quota: 3 });
    for (let i = 0; i < 2; i++) expect((await call('GET', '/cards')).statusCode).toBe(200);
    // A 4xx answer is not billed: an unknown ticker costs nothing.
    expect((await call('GET', '/bars/NOSUCHTICKER')).statusCode).toBe(422);
    expect((await call('GET', '/track-record')).statusCode).toBe(200);
    const over = expectProblem(await call('GET', `/bars/${ticker}`), 429, 'quota_exceeded');
    expect(over.violated_policies).toEqual(['quota']);
    const keys = (await call('GET', '/keys')).json();
    expect(keys.dashboard_usage).toMatchObject({ window: 'hour', used: 3, limit: 3 });
    const usage = (await call('GET', '/usage')).json();
    expect(usage.used).toBe(3);
    expect(usage.points.at(-1)).toMatchObject({ count: 3, refused: { burst: 0, quota: 1 } });
    // The account's keys keep their own quota: the dashboard's use is not taken from them.
    expect(keys.keys[0].usage.used).toBe(0);
  });

  it('does not bill polling an analysis, but bills its submission', async () => {
    const { call } = await signedIn('growth', { quota: 2 });
    const submitted = await call('POST', '/analysis', { ticker, tier: 'Light' });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const id = submitted.json().job_id as string;
    for (let i = 0; i < 5; i++) expect((await call('GET', `/analysis/${id}`)).statusCode).toBe(200);
    expect((await call('GET', '/keys')).json().dashboard_usage.used).toBe(1);
  });
});
