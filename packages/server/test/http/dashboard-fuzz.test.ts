/**
 * Property: no request to the dashboard's JSON API produces a 5xx or leaks a secret, and every error is
 * problem+json — the same property test/http/fuzz.test.ts holds for /api/v1, over the dashboard's
 * routes, with hostile cookies, CSRF tokens (non-ASCII among them: one was a 500), bodies (`{"name":
 * {"toString":1}}` was a 500), path segments and query values (an as_of in year −271821 was a 500).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../brokers/demo-broker.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { assertProblemShape } from '../support/problem.js';

const PASSWORD = 'a long enough password';
const ROUTES = [
  ['POST', '/session'],
  ['GET', '/me'],
  ['GET', '/keys'],
  ['POST', '/keys'],
  ['POST', '/keys/{id}/rotate'],
  ['PATCH', '/keys/{id}'],
  ['DELETE', '/keys/{id}'],
  ['GET', '/keys/{id}/usage'],
  ['GET', '/usage'],
  ['GET', '/cards'],
  ['GET', '/track-record'],
  ['GET', '/bars/{id}'],
  ['POST', '/analysis'],
  ['GET', '/analysis'],
  ['GET', '/analysis/{id}'],
  ['GET', '/webhooks/event-types'],
  ['GET', '/webhooks'],
  ['POST', '/webhooks'],
  ['GET', '/webhooks/{id}'],
  ['PATCH', '/webhooks/{id}'],
  ['DELETE', '/webhooks/{id}'],
  ['POST', '/webhooks/{id}/rotate-secret'],
  ['POST', '/webhooks/{id}/test'],
  ['GET', '/webhooks/{id}/deliveries'],
  ['GET', '/webhooks/{id}/deliveries/{id}'],
  ['POST', '/webhooks/{id}/deliveries/{id}/replay'],
  ['GET', '/broker-connections'],
  ['POST', '/broker-connections'],
  ['GET', '/broker-connections/{id}'],
  ['PATCH', '/broker-connections/{id}'],
  ['DELETE', '/broker-connections/{id}'],
  ['POST', '/broker-connections/{id}/test'],
  ['POST', '/broker-connections/{id}/kill-switch'],
  ['GET', '/broker-connections/{id}/positions'],
  ['GET', '/broker-connections/{id}/orders'],
  ['GET', '/broker-connections/{id}/audit'],
  ['GET', '/cards/{id}/orders'],
  ['GET', '/orders/{id}'],
  ['DELETE', '/orders/{id}'],
] as const;
/** No broker is reachable: a generated body the API accepts finds a refused connection on loopback. */
const NO_BROKER = 'http://127.0.0.1:9';

describe.each(MODES)(
  'property: the dashboard API answers any request without a 5xx or a leak (%s)',
  (mode) => {
    let deployment: Deployment;
    let server: Instance;
    let cookie: string;
    let csrf: string;
    let keyId: string;
    let canaries: string[];

    beforeAll(async () => {
      deployment = await Deployment.create(mode, {
        brokers: brokersAt(NO_BROKER, { timeoutSeconds: 1 }),
      });
      server = await deployment.start();
      const me = await server.account('enterprise', {
        email: 'fuzz@example.test',
        password: PASSWORD,
        quota: 1_000_000,
        burst: 1_000_000,
      });
      keyId = me.keyId as string;
      const res = await server.app.inject({
        method: 'POST',
        url: '/dashboard/api/session',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'fuzz@example.test', password: PASSWORD }),
      });
      cookie = String(res.headers['set-cookie']).split(';')[0] as string;
      csrf = res.json().csrf as string;
      const other = await server.account('enterprise', { email: 'other@example.test', password: PASSWORD });
      const otherKey = await server.platform.storage.apiKeys.get(other.keyId as string);
      const user = await server.platform.storage.users.getByEmail('fuzz@example.test');
      canaries = [
        deployment.env().BELLWETHER_SECRET as string,
        other.key as string,
        otherKey?.digest as string,
        user?.password_hash as string,
      ];
      expect(canaries.every((c) => typeof c === 'string' && c.length >= 32)).toBe(true);
    });
    afterAll(async () => {
      await server?.close();
      await deployment?.destroy();
    });

    it('holds for generated requests against every dashboard route', async () => {
      const segment = fc.oneof(
        fc.constantFrom(
          keyId,
          'job_1',
          '%00',
          '..',
          '%E0%A4%A',
          'a'.repeat(300),
          '💥',
          'constructor',
          '__proto__',
        ),
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
      );
      const route = fc
        .constantFrom(...ROUTES)
        .chain(([method, p]) =>
          segment.map((s) => [method, `/dashboard/api${p.replaceAll('{id}', s)}`] as const),
        );
      const query = fc.dictionary(
        fc.constantFrom(
          'as_of',
          'adjustment',
          'tier',
          'cursor',
          'limit',
          'status',
          '__proto__',
          'constructor',
          'x',
        ),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(
            '-271821-04-20T00:00:00Z',
            '+275760-09-13T00:00:00Z',
            '2026-02-30T00:00:00Z',
            'split',
            '1e309',
          ),
        ),
        { maxKeys: 3 },
      );
      const body = fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.json({ maxDepth: 3 }),
        fc.string({ maxLength: 50 }),
        fc
          .constantFrom(
            { toString: 1 },
            { valueOf: 'x' },
            ['a'],
            42,
            null,
            { name: { toString: 1 } },
            { ticker: ['X'], tier: 'Full' },
          )
          .map((v) => JSON.stringify(v)),
        fc.constantFrom('{"__proto__":{"x":1}}', '{', `{"name":"${'n'.repeat(300_000)}"}`),
      );
      const csrfHeader = fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.constant('real'),
        fc.constantFrom('é'.repeat(32), '\u00ff'.repeat(32), 'x'),
        fc.string({ maxLength: 40 }),
      );
      const cookieHeader = fc.constantFrom<string | undefined>(
        'real',
        undefined,
        'bw_session=junk',
        'bw_session=',
      );

      await fc.assert(
        fc.asyncProperty(route, query, body, csrfHeader, cookieHeader, async ([method, p], q, b, c, k) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (k !== undefined) headers.cookie = k === 'real' ? cookie : k;
          if (c !== undefined)
            headers['x-csrf-token'] = c === 'real' ? csrf : Buffer.from(c, 'utf8').toString('latin1');
          const search = new URLSearchParams(q).toString();
          const res = await server.app.inject({
            method,
            url: search === '' ? p : `${p}?${search}`,
            headers,
            ...(b === undefined || method === 'GET' ? {} : { payload: b }),
          });
          expect(res.statusCode, `${method} ${p} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) assertProblemShape(res);
          const seen = `${JSON.stringify(res.headers)}\n${res.body}`;
          for (const secret of canaries)
            expect(seen.includes(secret), `${method} ${p} leaked a secret`).toBe(false);
        }),
        { numRuns: 300 },
      );
    }, 120_000);
  },
);
