/**
 * The API's analytics parameters and the engine's catalogue cannot drift apart: the OpenAPI document
 * states each engine parameter exactly as the catalogue declares it, and the endpoints reject exactly
 * what the engine rejects, naming the parameter — for every family (indicators, candlestick patterns,
 * support/resistance, risk metrics, microstructure, portfolio, sentiment).
 */
import {
  CANDLESTICK_FAMILY,
  CATALOG,
  type FamilyMeta,
  MICROSTRUCTURE_FAMILY,
  type ParamSpec,
  PORTFOLIO_FAMILY,
  RISK_FAMILY,
  RISK_PARAMS,
  SENTIMENT_FAMILY,
  SUPPORT_RESISTANCE_FAMILY,
} from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: {
    type?: string;
    minimum?: number;
    maximum?: number;
    enum?: (string | number)[];
    default?: unknown;
  };
}

const named = (family: FamilyMeta, ...names: string[]): ParamSpec[] =>
  family.params.filter((p) => names.includes(p.name));

/**
 * Each analytics endpoint, a query that passes its own checks and then fails on the unknown ticker X,
 * and the catalogue parameters it takes (from whichever family declares them).
 */
const ENDPOINTS: readonly { path: string; base: string; specs: readonly ParamSpec[] }[] = [
  { path: '/analytics/risk', base: 'ticker=X', specs: RISK_FAMILY.params },
  {
    path: '/analytics/patterns',
    base: 'ticker=X',
    specs: [...CANDLESTICK_FAMILY.params, ...named(SUPPORT_RESISTANCE_FAMILY, 'levels')],
  },
  { path: '/analytics/microstructure', base: 'ticker=X', specs: MICROSTRUCTURE_FAMILY.params },
  {
    path: '/analytics/portfolio',
    base: 'holdings=X:1',
    specs: [...PORTFOLIO_FAMILY.params, ...named(RISK_FAMILY, 'confidence', 'risk_free')],
  },
  { path: '/analytics/sentiment', base: 'ticker=X', specs: SENTIMENT_FAMILY.params },
];

/** A value the spec rejects: an unknown enum value, a number not allowed, or one just past the maximum. */
function rejected(p: ParamSpec): string {
  if (p.type === 'enum') return 'nonsense';
  if (p.allowed !== undefined) {
    let v = p.min;
    while (p.allowed.includes(v)) v++;
    return String(v);
  }
  return String(p.type === 'int' ? p.max + 1 : p.max + (p.max - p.min) / 1000);
}

describe('engine parameters in the API', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let spec: { paths: Record<string, { get: { parameters: Parameter[] } }> };

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    server = await deployment.start();
    key = (await server.account('enterprise', { burst: 100_000 })).key as string;
    spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('/analytics/risk documents every risk-metric parameter as the catalogue declares it', () => {
    const params = spec.paths['/api/v1/analytics/risk']?.get.parameters ?? [];
    for (const p of RISK_PARAMS) {
      const doc = params.find((x) => x.name === p.name && x.in === 'query');
      expect(doc, p.name).toBeDefined();
      expect(doc?.schema.default, p.name).toEqual(p.default);
      if (p.type === 'enum') expect(doc?.schema.enum, p.name).toEqual([...p.values]);
      else
        expect([doc?.schema.type, doc?.schema.minimum, doc?.schema.maximum], p.name).toEqual([
          p.type === 'int' ? 'integer' : 'number',
          p.min,
          p.max,
        ]);
    }
    const confidence = RISK_PARAMS.find((p) => p.name === 'confidence');
    const portfolio = spec.paths['/api/v1/analytics/portfolio']?.get.parameters.find(
      (x) => x.name === 'confidence',
    );
    expect(confidence?.type === 'enum' ? undefined : [confidence?.min, confidence?.max]).toEqual([
      portfolio?.schema.minimum,
      portfolio?.schema.maximum,
    ]);
  });

  it('/analytics/risk rejects a value just past a catalogue bound and accepts the bound', async () => {
    for (const p of RISK_PARAMS) {
      if (p.type === 'enum') {
        const bad = await server.get(`/api/v1/analytics/risk?ticker=X&${p.name}=nonsense`, key);
        expectProblem(bad, 422, 'validation_failed');
        expect(bad.json().errors.map((e: { pointer: string }) => e.pointer)).toContain(`/query/${p.name}`);
        continue;
      }
      const past = p.type === 'int' ? p.max + 1 : p.max + (p.max - p.min) / 1000;
      const bad = await server.get(`/api/v1/analytics/risk?ticker=X&${p.name}=${past}`, key);
      expectProblem(bad, 422, 'validation_failed');
      expect(bad.json().errors.map((e: { pointer: string }) => e.pointer)).toContain(`/query/${p.name}`);
      // At the bound the parameter passes; what fails next is the unknown ticker.
      expectProblem(
        await server.get(`/api/v1/analytics/risk?ticker=X&${p.name}=${p.max}`, key),
        422,
        'unknown_ticker',
      );
    }
  });

  it('/analytics/technical rejects, for every catalogue entry, an unknown parameter and a value past its bound', async () => {
    for (const meta of CATALOG) {
      const unknown = await server.get(
        `/api/v1/analytics/technical?ticker=X&indicators=${meta.code}(nonsense=1)`,
        key,
      );
      expectProblem(unknown, 422, 'validation_failed');
      expect(unknown.json().errors[0].pointer, meta.code).toBe('/query/indicators/0/nonsense');
      const numeric = meta.params.find((p) => p.type !== 'enum');
      if (numeric === undefined || !('max' in numeric)) continue;
      const past = numeric.type === 'int' ? numeric.max + 1 : numeric.max * 2 + 1;
      const bad = await server.get(
        `/api/v1/analytics/technical?ticker=X&indicators=${meta.code}(${numeric.name}=${past})`,
        key,
      );
      expectProblem(bad, 422, 'validation_failed');
      expect(bad.json().errors[0].pointer, meta.code).toBe(`/query/indicators/0/${numeric.name}`);
    }
  });

  it('every analytics endpoint documents each catalogue parameter it takes exactly as the family declares it', () => {
    for (const e of ENDPOINTS) {
      const params = spec.paths[`/api/v1${e.path}`]?.get.parameters ?? [];
      for (const p of e.specs) {
        const where = `${e.path} ${p.name}`;
        const doc = params.find((x) => x.name === p.name && x.in === 'query');
        expect(doc, where).toBeDefined();
        expect(doc?.schema.default, where).toEqual(p.default);
        if (p.type === 'enum')
          expect(doc?.schema, where).toMatchObject({ type: 'string', enum: [...p.values] });
        else if (p.allowed !== undefined)
          expect(doc?.schema, where).toMatchObject({
            type: p.type === 'int' ? 'integer' : 'number',
            enum: [...p.allowed],
          });
        else
          expect(doc?.schema, where).toMatchObject({
            type: p.type === 'int' ? 'integer' : 'number',
            minimum: p.min,
            maximum: p.max,
          });
      }
    }
  });

  it('every analytics endpoint rejects an unknown parameter and each catalogue value out of range alike, and accepts the bound', async () => {
    for (const e of ENDPOINTS) {
      const url = `/api/v1${e.path}?${e.base}`;
      const unknown = await server.get(`${url}&nonsense=1`, key);
      expectProblem(unknown, 422, 'validation_failed');
      expect(unknown.json().errors, e.path).toEqual([
        { pointer: '/query/nonsense', detail: expect.any(String) },
      ]);
      for (const p of e.specs) {
        const where = `${e.path} ${p.name}`;
        const bad = await server.get(`${url}&${p.name}=${rejected(p)}`, key);
        expectProblem(bad, 422, 'validation_failed');
        expect(bad.json().errors, where).toEqual([
          { pointer: `/query/${p.name}`, detail: expect.any(String) },
        ]);
        const bound =
          p.type === 'enum' ? p.values.at(-1) : p.allowed !== undefined ? p.allowed.at(-1) : p.max;
        // At the bound the parameter passes; what fails next is the unknown ticker.
        expectProblem(await server.get(`${url}&${p.name}=${bound}`, key), 422, 'unknown_ticker');
      }
    }
  });

  it('the member lists an endpoint accepts are the catalogue families, and an unknown member is rejected by its index', async () => {
    const cases = [
      { path: '/analytics/patterns', base: 'ticker=X', param: 'candlesticks', family: CANDLESTICK_FAMILY },
      { path: '/analytics/portfolio', base: 'holdings=X:1', param: 'optimize', family: PORTFOLIO_FAMILY },
      { path: '/analytics/risk', base: 'ticker=X', param: 'metrics', family: RISK_FAMILY },
    ];
    for (const c of cases) {
      const codes = c.family.members.map((m) => m.code);
      const url = `/api/v1${c.path}?${c.base}&${c.param}`;
      expectProblem(await server.get(`${url}=${codes.join(',')}`, key), 422, 'unknown_ticker');
      const bad = await server.get(`${url}=${codes[0]},nonsense`, key);
      expectProblem(bad, 422, 'validation_failed');
      expect(bad.json().errors, c.path).toEqual([
        { pointer: `/query/${c.param}/1`, detail: expect.stringContaining('"nonsense"') },
      ]);
    }
    const optimize = spec.paths['/api/v1/analytics/portfolio']?.get.parameters.find(
      (x) => x.name === 'optimize',
    );
    for (const m of PORTFOLIO_FAMILY.members) expect(optimize?.description ?? '').toContain(m.code);
  });
});
