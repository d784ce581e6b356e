/**
 * The API's analytics parameters and the engine's catalogue cannot drift apart: the OpenAPI document
 * states each engine parameter exactly as the catalogue declares it, and the endpoints reject exactly
 * what the engine rejects, naming the parameter.
 */
import { CATALOG, RISK_PARAMS } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

interface Parameter {
  name: string;
  in: string;
  schema: { type?: string; minimum?: number; maximum?: number; enum?: string[]; default?: unknown };
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
});
