import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Deployment, type Instance, MODES } from '../support/harness.js';
import { assertProblemShape } from '../support/problem.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Names every plain object answers to through its prototype (a lookup with `in` finds them). */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

interface QueryParam {
  name: string;
  in: string;
  required?: boolean;
  schema: { enum?: unknown[] };
}

/** The Server-Sent Events route (see below). */
const EVENT_STREAM = '/api/v1/events';
/** The stream's path as a generated path could spell it (a trailing slash reaches the same route). */
const STREAM_PATH = /^\/api\/v1\/events\/?$/;

describe.each(MODES)(
  'property: no malformed request produces a 5xx, and every error is problem+json (%s)',
  (mode) => {
    let deployment: Deployment;
    let server: Instance;
    let key: string;
    let paths: string[];
    /** Values that must never appear in any answer: the server secret, another account's key and its digest. */
    let canaries: string[];

    beforeAll(async () => {
      deployment = await Deployment.create(mode);
      server = await deployment.start();
      key = (await server.account('enterprise', { burst: 1_000_000, quota: 1_000_000 })).key as string;
      const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
        paths: Record<string, object>;
      };
      paths = Object.keys(spec.paths);
      const other = await server.account('enterprise');
      const record = await server.platform.storage.apiKeys.get(other.keyId as string);
      canaries = [
        deployment.env().BELLWETHER_SECRET as string,
        other.key as string,
        record?.digest as string,
      ];
      expect(canaries.every((c) => typeof c === 'string' && c.length >= 32)).toBe(true);
    });
    afterAll(async () => {
      await server.close();
      await deployment.destroy();
    });

    it('answers odd bytes in every path parameter, with every method, without a 5xx', async () => {
      // The property below found a NUL job id reaching PostgreSQL (a 500) only on some seeds; this walks
      // every templated path with each hostile segment so that class of input is covered on every run.
      const templated = paths.filter((p) => p.includes('{'));
      expect(templated.length).toBeGreaterThan(0);
      for (const p of templated)
        for (const segment of [
          '%00',
          'job_1%00',
          '%E0%A4%A',
          '%F0%9F%92%A5',
          '%7F',
          'a'.repeat(300),
          '..',
          ...INHERITED,
        ])
          for (const method of METHODS) {
            const res = await server.app.inject({
              method,
              url: p.replace(/\{[^}]+\}/g, segment),
              headers: { authorization: `Bearer ${key}` },
            });
            expect(res.statusCode, `${method} ${p} with ${segment} → ${res.body}`).toBeLessThan(500);
            if (method !== 'HEAD') assertProblemShape(res);
          }
    });

    it('answers odd bytes in every declared query parameter without a 5xx', async () => {
      const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
        paths: Record<string, { get?: { parameters?: QueryParam[] } }>;
      };
      // The event stream answers a valid request with a stream that never ends, which `inject` would
      // wait for: test/events/event-stream.test.ts fuzzes it over a real connection.
      const cases = Object.entries(spec.paths).flatMap(([p, ops]) => {
        if (p === EVENT_STREAM) return [];
        const params = (ops.get?.parameters ?? []).filter((q) => q.in === 'query');
        // The other required parameters get a valid value, so the odd one reaches the handler.
        const required = params.filter((q) => q.required === true && q.schema.enum !== undefined);
        return params.map((q) => {
          const rest = required
            .filter((r) => r.name !== q.name)
            .map((r): [string, string] => [r.name, String(r.schema.enum?.[0])]);
          return [p, q.name, rest] as const;
        });
      });
      expect(cases.length).toBeGreaterThan(20);
      for (const [p, name, rest] of cases)
        for (const value of [
          '\u0000',
          'AAPL\u0000',
          'AAPL,\u0000',
          '\u007f',
          '💥',
          'a'.repeat(300),
          // Lists naming nothing (an empty `in ()` was a 500 on PostgreSQL), names found on every
          // object's prototype, and numbers not written in decimal.
          ',',
          ' , ',
          '',
          '0x10',
          ' 1',
          ...INHERITED,
        ]) {
          const url = `${p.replace(/\{[^}]+\}/g, 'x')}?${new URLSearchParams([...rest, [name, value]])}`;
          const res = await server.app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${key}` },
          });
          expect(res.statusCode, `GET ${url} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) assertProblemShape(res);
        }
    });

    it('holds for generated requests against the OpenAPI paths', async () => {
      const segment = fc.oneof(
        fc.constantFrom('job_1', '%00', '..', '%E0%A4%A', 'a'.repeat(300), '💥', '', ...INHERITED),
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
      );
      const path = fc.oneof(
        fc
          .constantFrom(...paths.filter((p) => p !== EVENT_STREAM))
          .chain((p) => segment.map((s) => p.replace(/\{[^}]+\}/g, s))),
        fc.array(segment, { maxLength: 5 }).map((parts) => `/api/v1/${parts.join('/')}`),
        segment.map((s) => `/docs/errors/${s}`),
      );
      const query = fc.dictionary(
        fc.oneof(
          fc.constantFrom(
            'ticker',
            'tier',
            'period',
            'as_of',
            'adjustment',
            'window',
            '__proto__',
            'constructor',
          ),
          fc.string({ maxLength: 8 }),
        ),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom('-1', '1e309', 'NaN', '[]', '{}', '%', 'AAPL', 'Full', ',', '0x10', ...INHERITED),
        ),
        { maxKeys: 4 },
      );
      const auth = fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.constant(`Bearer ${key}`),
        fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
        fc.string({ maxLength: 60 }),
      );
      const body = fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.json({ maxDepth: 3 }),
        fc.string({ maxLength: 50 }),
        fc.constantFrom(
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{}}}',
          '{',
          'null',
          '[1,2',
          `{"ticker":"${'A'.repeat(300_000)}"}`,
        ),
      );
      const contentType = fc.constantFrom(
        undefined,
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data; boundary=x',
      );
      const accept = fc.constantFrom(
        undefined,
        '*/*',
        'application/json',
        'text/html',
        'application/xml',
        'application/problem+json',
        '',
      );

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...METHODS),
          path,
          query,
          auth,
          body,
          contentType,
          accept,
          async (method, p, q, a, b, ct, acc) => {
            // A valid request to the event stream opens a stream that never ends, which `inject` would
            // wait for until the test times out (CI, one seed in a few): it is fuzzed over a real
            // connection in test/events/event-stream.test.ts. Generated segments can spell it too.
            fc.pre(!STREAM_PATH.test(p));
            const search = new URLSearchParams(q).toString();
            const headers: Record<string, string> = {};
            if (a !== undefined) headers.authorization = a.replace(/[\r\n]/g, '');
            if (ct !== undefined) headers['content-type'] = ct;
            if (acc !== undefined) headers.accept = acc;
            const res = await server.app.inject({
              method,
              url: search === '' ? p : `${p}?${search}`,
              headers,
              ...(b === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload: b }),
            });
            if (res.statusCode >= 500) {
              // Only the honest "not built yet" answer is a 5xx a valid request may get.
              expect(res.statusCode, `${method} ${p} → ${res.body}`).toBe(501);
            }
            if (res.statusCode >= 400 && method !== 'HEAD') assertProblemShape(res);
            const seen = `${JSON.stringify(res.headers)}\n${res.body}`;
            for (const c of canaries) expect(seen.includes(c), `${method} ${p} leaked a secret`).toBe(false);
          },
        ),
        { numRuns: 400 },
      );
    }, 120_000);

    it('takes JSON bodies as typed: a field of the wrong JSON type is a 422 naming it, never coerced', async () => {
      const notAString = fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.constantFrom('AAPL', 'Light', 'Full'), { minLength: 1, maxLength: 2 }),
        fc.dictionary(fc.constantFrom('toString', 'valueOf', '0'), fc.constantFrom(1, 'AAPL')),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('ticker', 'tier'),
          notAString,
          fc.constantFrom('Light', 'Medium', 'Full'),
          async (field, wrong, tier) => {
            const body = { ticker: 'AAPL', tier, [field]: wrong };
            const res = await server.app.inject({
              method: 'POST',
              url: '/api/v1/analysis',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(422);
            const problem = res.json() as { code: string; errors: { pointer: string }[] };
            expect(problem.code).toBe('validation_failed');
            expect(problem.errors.map((e) => e.pointer)).toContain(`/body/${field}`);
          },
        ),
        { numRuns: 100 },
      );
    });
  },
);
