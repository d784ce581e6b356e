/**
 * Property: no query an analytics endpoint's OpenAPI parameters allow — or almost allow — produces a
 * 5xx. Queries are generated from each GET route's declared parameters (names, enums, ranges one step
 * past the bounds, examples, real demo tickers and junk) against a deployment holding the demo market,
 * so most requests reach the engines; every 4xx is problem+json.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';
import { assertProblemShape } from '../support/problem.js';

interface Param {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
  schema: { type?: string; enum?: unknown[]; minimum?: number; maximum?: number; examples?: unknown[] };
}

const NOW = new Date('2026-11-25T15:00:00Z');

describe('property: analytics queries generated from the OpenAPI document never produce a 5xx', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let routes: { path: string; params: Param[] }[];
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 6, years: 3 });
    tickers = (await server.platform.market.listInstruments()).map((i) => i.ticker);
    key = (await server.account('enterprise', { burst: 1_000_000, quota: 1_000_000 })).key as string;
    const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { get?: { parameters?: Param[] } }>;
    };
    routes = Object.entries(spec.paths)
      .filter(([p, ops]) => p.includes('/analytics/') && ops.get !== undefined)
      .map(([path, ops]) => ({ path, params: (ops.get?.parameters ?? []).filter((x) => x.in === 'query') }));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('covers every analytics route', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        '/api/v1/analytics/microstructure',
        '/api/v1/analytics/patterns',
        '/api/v1/analytics/portfolio',
        '/api/v1/analytics/risk',
        '/api/v1/analytics/sentiment',
        '/api/v1/analytics/technical',
        '/api/v1/analytics/technical/catalog',
      ].sort(),
    );
  });

  it('holds for generated queries', async () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '',
        '-1',
        '0',
        '1e309',
        'Infinity',
        '-Infinity',
        'NaN',
        'null',
        '[]',
        '%',
        ',',
        ',,',
        '💥',
        'a'.repeat(3000),
        '0x10',
        ' 5',
        '5 ',
        '0b1',
      ),
    );
    const ticker = fc.constantFrom(...tickers, 'NOPE', 'spy', '');
    const date = fc.oneof(
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-30', '2026-11-24', '20261124', '0000-01-01', '0099-12-31', '9999-12-31'),
    );
    /** Values a well-meaning client might send: enums, examples, in-range numbers, demo tickers, dates. */
    const plausible = (p: Param): fc.Arbitrary<string> | undefined => {
      const s = p.schema;
      if (p.name === 'ticker') return ticker;
      if (p.name === 'tickers')
        return fc.uniqueArray(ticker, { minLength: 1, maxLength: 4 }).map((t) => t.join(','));
      if (p.name === 'benchmark') return fc.constantFrom(...tickers, 'none');
      if (p.name === 'holdings')
        return fc
          .uniqueArray(fc.constantFrom(...tickers), { minLength: 1, maxLength: 4 })
          .map((h) =>
            h.map((t, i) => `${t}:${i === 0 ? 1 - (h.length - 1) * (1 / h.length) : 1 / h.length}`).join(','),
          );
      if (p.name === 'from' || p.name === 'to' || p.name === 'date') return date;
      if (s.enum !== undefined) return fc.constantFrom(...s.enum.map(String));
      if (s.type === 'integer')
        return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 2000) }).map(String);
      if (s.type === 'number')
        return fc.double({ min: s.minimum ?? -1, max: s.maximum ?? 1, noNaN: true }).map(String);
      const examples = [
        p.example,
        ...(s.examples ?? []),
        ...Object.values(p.examples ?? {}).map((e) => e.value),
      ];
      const given = examples.filter((e) => e !== undefined).map(String);
      return given.length > 0 ? fc.constantFrom(...given) : undefined;
    };
    /** Anything: plausible values one step out of range, junk, and the plausible ones themselves. */
    const hostile = (p: Param): fc.Arbitrary<string> => {
      const s = p.schema;
      const options: fc.WeightedArbitrary<string>[] = [{ arbitrary: junk, weight: 2 }];
      const fine = plausible(p);
      if (fine !== undefined) options.push({ arbitrary: fine, weight: 2 });
      if (s.type === 'integer' || s.type === 'number')
        options.push({
          arbitrary: fc.constantFrom(
            String((s.minimum ?? 0) - 1),
            String((s.maximum ?? 1000) + 1),
            '1.5',
            '-0',
          ),
          weight: 1,
        });
      return fc.oneof(...options);
    };
    const request = fc
      .tuple(fc.integer({ min: 0, max: routes.length - 1 }), fc.boolean())
      .chain(([i, wild]) => {
        const route = routes[i] as { path: string; params: Param[] };
        const entries = route.params.map((p) => {
          const value = wild ? hostile(p) : plausible(p);
          if (value === undefined || (!wild && p.name === 'tickers')) return fc.constant(undefined);
          const pair = value.map((v) => [p.name, v] as const);
          return (p.required === true || p.name === 'ticker') && !wild
            ? pair
            : fc.option(pair, { nil: undefined, freq: wild ? 2 : 4 });
        });
        return fc.tuple(fc.constant(route.path), ...entries);
      });
    const served: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(request, async ([path, ...pairs]) => {
        const q = new URLSearchParams();
        for (const pair of pairs) if (pair !== undefined) q.set(pair[0], pair[1]);
        const url = `${path}?${q.toString()}`;
        const res = await server.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 400)}`).toBeLessThan(500);
        if (res.statusCode >= 400) assertProblemShape(res);
        else served[path] = (served[path] ?? 0) + 1;
      }),
      { numRuns: 1500, seed: 20261125 },
    );
    // The generator reaches the engines, not only the validators: every data route served some requests.
    for (const r of routes) expect(served[r.path] ?? 0, r.path).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it('refuses a number not written in decimal in any numeric parameter, naming it', async () => {
    const numeric = routes.flatMap((r) =>
      r.params
        .filter(
          (p) => (p.schema.type === 'integer' || p.schema.type === 'number') && p.schema.enum === undefined,
        )
        .map((p) => ({ route: r, param: p })),
    );
    expect(numeric.length).toBeGreaterThan(10);
    /** Text that `Number()` reads as a finite number although it is not a decimal numeral. */
    const notDecimal = fc.oneof(
      fc.nat({ max: 100_000 }).map((n) => `0x${n.toString(16)}`),
      fc.nat({ max: 100 }).map((n) => `0b${n.toString(2)}`),
      fc.nat({ max: 100 }).map((n) => `0o${n.toString(8)}`),
      fc
        .tuple(fc.nat({ max: 100 }), fc.constantFrom(' ', '\t', '\n', '\u00a0'), fc.boolean())
        .map(([n, ws, before]) => (before ? `${ws}${n}` : `${n}${ws}`)),
      fc.constantFrom('', ' ', '+1', '1_0'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...numeric), notDecimal, async ({ route, param }, value) => {
        const q = new URLSearchParams();
        const [a, b] = tickers as [string, string];
        const base: Record<string, string> = {
          ticker: a,
          tickers: `${a},${b}`,
          holdings: `${a}:0.5,${b}:0.5`,
        };
        for (const p of route.params)
          if (
            (p.required === true || p.name === 'ticker') &&
            p.name !== param.name &&
            base[p.name] !== undefined
          )
            q.set(p.name, base[p.name] as string);
        q.set(param.name, value);
        const url = `${route.path}?${q.toString()}`;
        const res = await server.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(422);
        const problem = res.json() as { errors: { pointer: string }[] };
        expect(
          problem.errors.map((e) => e.pointer),
          url,
        ).toContain(`/query/${param.name}`);
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });
});
