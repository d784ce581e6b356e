/**
 * Issue #42, finding 6: the dashboard's chart data, /dashboard/api/bars/:ticker?as_of=, served raw OHLCV
 * of any ticker and date to a starter plan and ignored BELLWETHER_RAW_DATA_ROUTES=off (1,145 sessions of
 * one ticker in 8 calls, while /api/v1/bars answered 403 raw_data_disabled). It now takes the API's
 * entitlement (`bars`) and switch (ADR 0083). Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_CONFIG } from '../../src/config/config.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

describe.each(MODES)('the dashboard’s chart data and the plan (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let ticker: string;
  let address = 0;

  const signedIn = async (instance: Instance, plan: string) => {
    const email = `chart-${Math.random().toString(36).slice(2)}@example.test`;
    const made = await instance.account(plan, { email, password: PASSWORD });
    const { call } = await instance.dashboard(email, PASSWORD, `10.42.4.${++address}`);
    return { call, key: made.key as string };
  };
  const asOf = encodeURIComponent('2020-06-30T21:00:00Z');

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, server.platform.clock.now());
    ticker = ((await server.platform.market.listInstruments())[0] as { ticker: string }).ticker;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses a starter plan the bars, as /api/v1/bars does, naming the plan that has them', async () => {
    const { call, key } = await signedIn(server, 'starter');
    for (const url of [`/bars/${ticker}`, `/bars/${ticker}?as_of=${asOf}`]) {
      const p = expectProblem(await call('GET', url), 403, 'plan_required');
      expect(p.entitlement).toBe('bars');
      expect(p.required_plan).toBe('growth');
    }
    expectProblem(await server.get(`/api/v1/bars?ticker=${ticker}`, key), 403, 'plan_required');
  });

  it('serves an entitled plan its chart', async () => {
    const { call } = await signedIn(server, 'growth');
    const r = await call('GET', `/bars/${ticker}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().bars.length).toBeGreaterThan(100);
  });

  describe('with BELLWETHER_RAW_DATA_ROUTES=off', () => {
    let off: Deployment;
    let offServer: Instance;
    beforeAll(async () => {
      off = await Deployment.create(mode, { http: { ...DEFAULT_HTTP_CONFIG, rawDataRoutes: false } });
      offServer = await off.start();
      await seedDemoMarketIfEmpty(offServer.platform.market, offServer.platform.clock.now());
    }, 120_000);
    afterAll(async () => {
      await offServer?.close();
      await off?.destroy();
    });

    it('answers 403 raw_data_disabled like /api/v1/bars, unbilled', async () => {
      const { call, key } = await signedIn(offServer, 'enterprise');
      const r = await call('GET', `/bars/${ticker}?as_of=${asOf}`);
      expectProblem(r, 403, 'raw_data_disabled');
      expectProblem(await offServer.get(`/api/v1/bars?ticker=${ticker}`, key), 403, 'raw_data_disabled');
      // Not billed: the dashboard meter counts nothing for it.
      const keys = (await call('GET', '/keys')).json();
      expect(keys.dashboard_usage.used).toBe(0);
    });
  });
});
