/**
 * Issue #23, "lax parsing": `limit=0x10` was read as 16, a blank `risk_free=%20` as 0, and a JSON body
 * `{"ticker":["X"]}` as the ticker "X" — Ajv's type coercion (`coerceTypes: 'array'`, `Number(value)`)
 * applied everywhere. Numbers in a query are now decimal only, in every numeric parameter the OpenAPI
 * document declares and in indicator arguments; JSON bodies are strictly typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

interface Param {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: { type?: string | string[]; enum?: unknown[] };
}
interface Spec {
  paths: Record<string, Record<string, { parameters?: Param[] }>>;
}

/** Written so that `Number(value)` is a finite number, but not in decimal. */
const NOT_DECIMAL = ['0x10', '0X1A', '0b1', '0o7', ' 5', '5 ', '%095', ' ', '', '1_000', '+5', '5.0.0'];

const NOW = new Date('2026-11-25T15:00:00Z');

const isNumeric = (p: Param) => {
  const types = Array.isArray(p.schema.type) ? p.schema.type : [p.schema.type];
  return types.includes('integer') || types.includes('number');
};

describe.each(MODES)('strict parsing of numbers and bodies (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let spec: Spec;
  let ticker: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 2, years: 2 });
    ticker = (await server.platform.market.listInstruments())[0]?.ticker as string;
    key = (await server.account('enterprise', { burst: 1_000_000, quota: 1_000_000 })).key as string;
    spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Spec;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses a number not written in decimal in every numeric query parameter with a 422 naming it', async () => {
    /** Values that make a route's required parameters valid, so only the number under test is wrong. */
    const base: Record<string, string> = {
      ticker: 'AAPL',
      tickers: 'AAPL,MSFT',
      holdings: 'AAPL:0.5,MSFT:0.5',
      dataset: 'cards',
      indicators: 'sma',
    };
    const checked = new Set<string>();
    for (const [path, ops] of Object.entries(spec.paths)) {
      if (path.includes('{')) continue;
      const params = ops.get?.parameters?.filter((p) => p.in === 'query') ?? [];
      for (const p of params.filter(isNumeric))
        for (const value of NOT_DECIMAL) {
          const required = params
            .filter((r) => r.required === true && r.name !== p.name)
            .map(
              (r) =>
                `${r.name}=${encodeURIComponent(base[r.name] ?? String(r.example ?? r.schema.enum?.[0]))}`,
            );
          // Written raw (not through URLSearchParams) so that `%09` and a plain space arrive as sent.
          const url = `${path}?${[...required, `${p.name}=${value.replace(/ /g, '%20')}`].join('&')}`;
          const problem = expectProblem(await server.get(url, key), 422, 'validation_failed') as {
            errors: { pointer: string }[];
          };
          expect(
            problem.errors.map((e) => e.pointer),
            url,
          ).toContain(`/query/${p.name}`);
          checked.add(`${path} ${p.name}`);
        }
    }
    // limit, since, wait, risk_free, confidence, min_conviction… on every route that takes them.
    expect(checked.size).toBeGreaterThanOrEqual(15);
  });

  it('reads decimal numbers as before', async () => {
    for (const limit of ['16', '1e1', '016']) {
      const res = await server.get(`/api/v1/analysis?limit=${limit}`, key);
      expect(res.statusCode, `limit=${limit}: ${res.body}`).toBe(200);
    }
  });

  it('refuses indicator arguments not written in decimal', async () => {
    for (const arg of ['0x10', '0b1110', '1_4', '0o16']) {
      const res = await server.get(
        `/api/v1/analytics/technical?ticker=${ticker}&indicators=${encodeURIComponent(`rsi(${arg})`)}`,
        key,
      );
      const problem = expectProblem(res, 422, 'validation_failed') as { errors: { pointer: string }[] };
      expect(problem.errors.map((e) => e.pointer)).toContain('/query/indicators/0/period');
    }
  });

  it('takes JSON bodies as typed: no array for a string, no number for a string, no string for a number', async () => {
    const post = (payload: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const cases: [unknown, string][] = [
      [{ ticker: ['AAPL'], tier: 'Light' }, '/body/ticker'],
      [{ ticker: 5, tier: 'Light' }, '/body/ticker'],
      [{ ticker: true, tier: 'Light' }, '/body/ticker'],
      [{ ticker: null, tier: 'Light' }, '/body/ticker'],
      [{ ticker: 'AAPL', tier: ['Light'] }, '/body/tier'],
      [{ ticker: [['AAPL']], tier: 'Light' }, '/body/ticker'],
    ];
    for (const [payload, pointer] of cases) {
      const problem = expectProblem(await post(payload), 422, 'validation_failed') as {
        errors: { pointer: string }[];
      };
      expect(
        problem.errors.map((e) => e.pointer),
        JSON.stringify(payload),
      ).toContain(pointer);
    }
    expect((await server.get('/api/v1/analysis', key)).json().data).toEqual([]);
  });
});
