/**
 * Who gets the discovery routes and what they cost, both modes: the default plans' entitlements (403
 * naming the cheapest plan otherwise), one quota unit per answered request and none for a refused one,
 * rate-limit headers on every answer, and the operator's raw-data switch (403 `raw_data_disabled`,
 * unbilled, while instruments and analytics stay served).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_CONFIG, parseConfig } from '../../src/config/config.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { AS_OF, seedDiscoveryMarket } from './support/discovery-market.js';

const ROUTES = {
  instruments: '/api/v1/instruments?q=jnj',
  instrument: '/api/v1/instruments/JNJ',
  bars: '/api/v1/bars?ticker=JNJ&from=2014-06-02',
  corporate_actions: '/api/v1/corporate-actions?ticker=JNJ&from=2014-01-01',
  news: '/api/v1/news?ticker=JNJ&limit=5',
} as const;
const RAW = [ROUTES.bars, ROUTES.corporate_actions, ROUTES.news];

const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);

describe.each(MODES)('discovery routes: plans and billing (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, ['JNJ']);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('starter and analyst search instruments; growth adds bars and actions; news is enterprise’s', async () => {
    const grants: Record<string, readonly string[]> = {
      starter: [ROUTES.instruments, ROUTES.instrument],
      analyst: [ROUTES.instruments, ROUTES.instrument],
      growth: [ROUTES.instruments, ROUTES.instrument, ROUTES.bars, ROUTES.corporate_actions],
      pro_api: [ROUTES.instruments, ROUTES.instrument, ROUTES.bars, ROUTES.corporate_actions],
      enterprise: Object.values(ROUTES),
    };
    const cheapest: Record<string, string> = {
      [ROUTES.bars]: 'growth',
      [ROUTES.corporate_actions]: 'growth',
      [ROUTES.news]: 'enterprise',
    };
    for (const [plan, allowed] of Object.entries(grants)) {
      const { key } = (await server.account(plan, { quota: 1000, burst: 1000 })) as { key: string };
      for (const url of Object.values(ROUTES)) {
        const res = await server.get(url, key);
        if (allowed.includes(url)) expect(res.statusCode, `${plan} ${url}: ${res.body}`).toBe(200);
        else
          expect(expectProblem(res, 403, 'plan_required').required_plan, `${plan} ${url}`).toBe(
            cheapest[url],
          );
      }
    }
  });

  it('each answered request is one quota unit, with rate-limit headers; refused ones cost nothing', async () => {
    const { key } = (await server.account('enterprise', { quota: 50, burst: 1000 })) as { key: string };
    let left = 50;
    for (const url of Object.values(ROUTES)) {
      const res = await server.get(url, key);
      expect(res.statusCode, res.body).toBe(200);
      left -= 1;
      expect(remaining(res), url).toBe(left);
      expect(String(res.headers['ratelimit-policy'])).toMatch(/"quota";q=50;w=\d+/);
      expect(String(res.headers.ratelimit)).toMatch(new RegExp(`"quota";r=${left};`));
    }
    // The NDJSON stream is billed once, like its JSON twin.
    const stream = await server.get(`${ROUTES.bars}&format=ndjson`, key);
    expect(stream.statusCode).toBe(200);
    expect(remaining(stream)).toBe(--left);
    for (const url of [
      '/api/v1/bars?ticker=JNJX',
      '/api/v1/bars?ticker=JNJ&from=2014-07-01',
      '/api/v1/instruments/NOPE',
      '/api/v1/news?from=2014-02-30',
      '/api/v1/corporate-actions?kind=merger',
    ]) {
      const res = await server.get(url, key);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(remaining(res), url).toBe(left);
    }
    const account = await server.get('/api/v1/account', key);
    expect(account.json().limits.quota).toMatchObject({ limit: 50, used: 50 - left, remaining: left });
  });
});

describe.each(MODES)('the raw-data switch (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, {
      asOf: AS_OF,
      http: { ...DEFAULT_HTTP_CONFIG, rawDataRoutes: false },
    });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, ['JNJ']);
    key = (await server.account('enterprise', { quota: 50, burst: 1000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('off: bars, corporate actions and news are a 403 saying why, unbilled, in every format', async () => {
    for (const url of [...RAW, `${ROUTES.bars}&format=csv`]) {
      const res = await server.get(url, key);
      const body = expectProblem(res, 403, 'raw_data_disabled');
      expect(body.detail).toMatch(/licence .* does not allow redistributing/);
      expect(body.detail).toContain('/instruments');
      expect(remaining(res), url).toBe(50);
      expect(String(res.headers['ratelimit-policy'])).toMatch(/"quota";q=50;/);
    }
    // Still after authentication and the plan: others are told what they would be told anyway.
    expectProblem(await server.get(ROUTES.bars, 'bw_not_a_key'), 401, 'invalid_token');
    const { key: starter } = (await server.account('starter')) as { key: string };
    expectProblem(await server.get(ROUTES.news, starter), 403, 'plan_required');
  });

  it('off: instruments and the analytics computed from the data are still served', async () => {
    for (const url of [
      ROUTES.instruments,
      ROUTES.instrument,
      '/api/v1/analytics/technical?ticker=JNJ&indicators=rsi(14)&limit=5',
    ]) {
      const res = await server.get(url, key);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('BELLWETHER_RAW_DATA_ROUTES is on or off, on by default', () => {
    const http = (env: Record<string, string>) => {
      const r = parseConfig(env, '/');
      return r.ok ? r.config.http.rawDataRoutes : r.errors;
    };
    expect(http({})).toBe(true);
    expect(http({ BELLWETHER_RAW_DATA_ROUTES: 'off' })).toBe(false);
    expect(http({ BELLWETHER_RAW_DATA_ROUTES: 'ON' })).toBe(true);
    expect(http({ BELLWETHER_RAW_DATA_ROUTES: 'no' })).toEqual([
      'BELLWETHER_RAW_DATA_ROUTES must be on or off (off: /bars, /corporate-actions and /news answer 403)',
    ]);
  });
});
