import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

/** The contract of DESIGN.md §1: every /api/v1 route and the entitlement it needs. */
const ROUTES: ReadonlyArray<readonly [method: 'GET' | 'POST' | 'DELETE', url: string, entitlement: string]> =
  [
    ['GET', '/api/v1/cards', 'cards'],
    ['GET', '/api/v1/session', 'session'],
    ['GET', '/api/v1/account', 'account'],
    ['GET', '/api/v1/cards/performance', 'basic_analytics'],
    ['POST', '/api/v1/analysis', 'analysis'],
    ['GET', '/api/v1/analysis', 'analysis'],
    ['GET', '/api/v1/analysis/job_123', 'analysis'],
    ['DELETE', '/api/v1/analysis/job_123', 'analysis'],
    ['POST', '/api/v1/backtests', 'analysis'],
    ['GET', '/api/v1/backtests/job_123', 'analysis'],
    ['GET', '/api/v1/analytics/technical', 'technical'],
    ['GET', '/api/v1/analytics/technical/catalog', 'technical'],
    ['GET', '/api/v1/analytics/risk', 'risk'],
    ['GET', '/api/v1/analytics/sentiment', 'sentiment'],
    ['GET', '/api/v1/analytics/patterns', 'patterns'],
    ['GET', '/api/v1/analytics/microstructure', 'microstructure'],
    ['GET', '/api/v1/analytics/portfolio', 'portfolio'],
    ['GET', '/api/v1/hedge-fund', 'institutional_feed'],
    ['GET', '/api/v1/instruments', 'instruments'],
    ['GET', '/api/v1/instruments/AAPL', 'instruments'],
    ['GET', '/api/v1/bars?ticker=AAPL', 'bars'],
    ['GET', '/api/v1/corporate-actions', 'corporate_actions'],
    ['GET', '/api/v1/fundamentals?ticker=TSLA', 'fundamentals'],
    ['GET', '/api/v1/news', 'news'],
    ['GET', '/api/v1/screener?where=close%3E0', 'screener'],
  ];

/** DESIGN.md §2: what each default plan includes (and the discovery routes' defaults, ADR 0072). */
const BASE = ['cards', 'session', 'account', 'basic_analytics', 'instruments'];
const MARKET_DATA = ['bars', 'corporate_actions', 'fundamentals', 'screener'];
const PLANS: Record<string, readonly string[]> = {
  starter: BASE,
  growth: [...BASE, 'analysis', 'technical', 'risk', ...MARKET_DATA],
  analyst: [...BASE, 'analysis'],
  pro_api: [...BASE, 'analysis', 'technical', 'risk', ...MARKET_DATA],
  pro_plus_api: [...BASE, 'analysis', 'technical', 'risk', ...MARKET_DATA],
  enterprise: [
    ...BASE,
    'analysis',
    'technical',
    'risk',
    'sentiment',
    'patterns',
    'microstructure',
    'portfolio',
    'institutional_feed',
    ...MARKET_DATA,
    'news',
  ],
};

/** The cheapest default plan with each entitlement (by listed price; enterprise has none). */
const CHEAPEST: Record<string, string> = {
  cards: 'analyst',
  session: 'analyst',
  account: 'analyst',
  basic_analytics: 'analyst',
  analysis: 'analyst',
  technical: 'growth',
  risk: 'growth',
  sentiment: 'enterprise',
  patterns: 'enterprise',
  microstructure: 'enterprise',
  portfolio: 'enterprise',
  institutional_feed: 'enterprise',
  instruments: 'analyst',
  bars: 'growth',
  corporate_actions: 'growth',
  fundamentals: 'growth',
  screener: 'growth',
  news: 'enterprise',
};

describe.each(MODES)('plan × endpoint matrix (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    for (const plan of Object.keys(PLANS))
      keys[plan] = (await server.account(plan, { quota: 100_000, burst: 1000 })).key as string;
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  for (const plan of Object.keys(PLANS)) {
    it(`${plan}: included routes pass the pipeline, the others answer 403 naming the cheapest plan`, async () => {
      for (const [method, url, entitlement] of ROUTES) {
        const res = await server.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${keys[plan]}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { payload: '{"ticker":"AAPL","tier":"Light"}' } : {}),
        });
        if (PLANS[plan]?.includes(entitlement)) {
          // Past authentication and entitlement: served, a request-validation problem (this empty
          // deployment has no market data to name), a job this account does not have, or a planned
          // route's 501.
          expect([200, 404, 422, 501], `${plan} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 404) expectProblem(res, 404, 'not_found');
          if (res.statusCode === 501) expectProblem(res, 501, 'not_implemented');
          if (res.statusCode === 422)
            expect(['validation_failed', 'unknown_ticker', 'no_data']).toContain(res.json().code);
        } else {
          const body = expectProblem(res, 403, 'plan_required');
          expect(body.required_plan, `${plan} ${url}`).toBe(CHEAPEST[entitlement]);
          expect(String(body.detail)).toContain(String(CHEAPEST[entitlement]));
        }
      }
    });
  }

  it('an account whose plan was removed gets 403 on every route, at once', async () => {
    const { account, key } = (await server.account('growth')) as { account: { id: string }; key: string };
    expect((await server.get('/api/v1/session', key)).statusCode).toBe(200);
    await server.platform.accounts.setPlan(account.id, null);
    expectProblem(await server.get('/api/v1/session', key), 403, 'plan_required');
  });

  it('an account without a plan cannot create keys', async () => {
    const { account } = await server.account(null);
    expect(await server.platform.keys.create(account.id, 'x')).toEqual({ ok: false, reason: 'no_plan' });
  });

  it('keys per account are capped by plan', async () => {
    const { account } = await server.account('starter');
    const second = await server.platform.keys.create(account.id, 'second');
    expect(second.ok).toBe(true);
    expect(await server.platform.keys.create(account.id, 'third')).toEqual({
      ok: false,
      reason: 'key_limit_reached',
    });
  });
});
