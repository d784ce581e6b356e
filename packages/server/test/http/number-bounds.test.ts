/**
 * Numbers a request may carry are finite and bounded. Every numeric query parameter and request-body
 * field the OpenAPI document declares has both bounds (or an enum), and a non-finite value
 * (`Infinity`, `1e309`) in any of them is a 422 naming that parameter. Ajv's default `strictNumbers`
 * coerced such a value to a number and then skipped its range checks: four routes answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Param {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const NOW = new Date('2026-11-25T15:00:00Z');
const NON_FINITE = ['Infinity', '-Infinity', '1e309', '-1e309'];

/** The numeric leaves of a schema, with their paths (references resolved once each). */
function numbers(spec: Spec, s: Schema, path: string, seen: Set<string> = new Set()): [string, Schema][] {
  if (s.$ref !== undefined) {
    const name = s.$ref.split('/').at(-1) as string;
    if (seen.has(name)) return [];
    return numbers(spec, spec.components?.schemas?.[name] ?? {}, path, new Set([...seen, name]));
  }
  const out: [string, Schema][] = [];
  if (s.type === 'number' || s.type === 'integer') out.push([path, s]);
  for (const [k, v] of Object.entries(s.properties ?? {}))
    out.push(...numbers(spec, v, `${path}/${k}`, seen));
  if (s.items !== undefined) out.push(...numbers(spec, s.items, `${path}/items`, seen));
  for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    out.push(...numbers(spec, v, path, seen));
  return out;
}

describe('numbers in requests are finite and bounded', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let spec: Spec;
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.asset_class !== 'index')
      .map((i) => i.ticker);
    key = (await server.account('enterprise', { burst: 1_000_000, quota: 1_000_000 })).key as string;
    spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Spec;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('declares both bounds (or an enum) for every number a request may carry', () => {
    const unbounded: string[] = [];
    let count = 0;
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops)) {
        const leaves = [
          ...(op.parameters ?? []).flatMap((p) => numbers(spec, p.schema, `${p.in}/${p.name}`)),
          ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => numbers(spec, c.schema, 'body')),
        ];
        count += leaves.length;
        for (const [where, s] of leaves)
          if (s.enum === undefined && (!Number.isFinite(s.minimum) || !Number.isFinite(s.maximum)))
            unbounded.push(`${method.toUpperCase()} ${path} ${where}`);
      }
    expect(count).toBeGreaterThan(10);
    expect(unbounded).toEqual([]);
  });

  it('answers a non-finite number in any numeric query parameter with a 422 naming it', async () => {
    const [a, b] = tickers as [string, string];
    /** Values that make a route's required parameters valid, so only the number under test is wrong. */
    const base: Record<string, string> = {
      ticker: a,
      tickers: `${a},${b}`,
      holdings: `${a}:0.5,${b}:0.5`,
      dataset: 'cards',
      indicators: 'sma',
    };
    let checked = 0;
    for (const [path, ops] of Object.entries(spec.paths)) {
      const params = ops.get?.parameters?.filter((p) => p.in === 'query') ?? [];
      if (path.includes('{')) continue;
      for (const p of params) {
        if (numbers(spec, p.schema, p.name).length === 0 || p.schema.enum !== undefined) continue;
        for (const value of NON_FINITE) {
          const q = new URLSearchParams();
          for (const r of params)
            if (r.required === true && r.name !== p.name)
              q.set(r.name, base[r.name] ?? String(r.example ?? r.schema.enum?.[0] ?? ''));
          q.set(p.name, value);
          const res = await server.get(`${path}?${q}`, key);
          const problem = expectProblem(res, 422, 'validation_failed') as {
            errors: { pointer: string }[];
          };
          expect(
            problem.errors.map((e) => e.pointer),
            `${path}?${q}`,
          ).toContain(`/query/${p.name}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(NON_FINITE.length * 10);
  });
});
