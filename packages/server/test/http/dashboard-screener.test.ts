/**
 * The dashboard's ticker search and screener (issue #28): the API's /instruments and /screener behind
 * the dashboard's door — a session, the plan's entitlement, and one unit of the account's dashboard
 * meter per answered call (ADR 0064) — answering what the API answers. Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';
const WHERE = 'close > sma(200) and rsi(14) > 50';

describe.each(MODES)('dashboard screener and instrument search (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let address = 0;

  /** An account on `plan` with its API key, and a dashboard session of its user from an address of its own. */
  const signedIn = async (plan: string) => {
    const email = `sc-${Math.random().toString(36).slice(2)}@example.test`;
    const created = await server.account(plan, { email, password: PASSWORD });
    const { call } = await server.dashboard(email, PASSWORD, `10.28.0.${++address}`);
    const used = async () => (await call('GET', '/keys')).json().dashboard_usage.used as number;
    return { ...created, call, used };
  };
  const screen = (where: string) => `/screener?${new URLSearchParams({ where, sort: '-roc(20)' })}`;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, server.platform.clock.now());
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses the screener without a session (401) and to a starter session (403 naming the plan)', async () => {
    expectProblem(
      await server.app.inject({ url: `/dashboard/api${screen(WHERE)}` }),
      401,
      'sign_in_required',
    );
    const { call, used } = await signedIn('starter');
    const p = expectProblem(await call('GET', screen(WHERE)), 403, 'plan_required');
    expect(p).toMatchObject({ entitlement: 'screener', current_plan: 'starter', required_plan: 'growth' });
    expect(p.detail).toContain('Your plan (Starter) does not include screener');
    expect(await used()).toBe(0);
  });

  it('answers a screen as /api/v1/screener answers it, billed to the dashboard meter, not the key', async () => {
    const { call, used, key } = await signedIn('growth');
    const dashboard = await call('GET', screen(WHERE));
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.headers.ratelimit).toBeDefined();
    expect(await used()).toBe(1);
    const api = await server.app.inject({
      url: `/api/v1${screen(WHERE)}`,
      headers: { authorization: `Bearer ${key}` },
    });
    const { as_of: _a, ...fromDashboard } = dashboard.json();
    const { as_of: _b, ...fromApi } = api.json();
    expect(fromDashboard).toEqual(fromApi);
    // Each door bills its own meter once.
    const keys = (await call('GET', '/keys')).json();
    expect(keys.dashboard_usage.used).toBe(1);
    expect(keys.keys[0].usage.used).toBe(1);
  });

  it('answers a misspelt indicator with a located error and its suggestion, unbilled', async () => {
    const { call, used } = await signedIn('growth');
    const p = expectProblem(await call('GET', screen('rsx(14) < 30')), 422, 'validation_failed');
    expect(p.errors).toEqual([
      {
        pointer: '/query/where',
        detail: 'unknown indicator `rsx` at 1:1; did you mean `rsi`?',
        offset: 0,
        length: 3,
        token: 'rsx',
        suggestion: 'rsi',
      },
    ]);
    expect(await used()).toBe(0);
  });

  it('searches instruments for a starter session, ranked, one unit a search', async () => {
    const { call, used } = await signedIn('starter');
    const found = await call('GET', '/instruments?q=vozane&limit=8');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data[0]).toMatchObject({
      ticker: 'VZN',
      name: 'Vozane Networks',
      match: 'name_prefix',
    });
    expect(await used()).toBe(1);
    expectProblem(
      await server.app.inject({ url: '/dashboard/api/instruments?q=voz' }),
      401,
      'sign_in_required',
    );
  });
});
