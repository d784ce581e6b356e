/**
 * The dashboard's broker routes (/dashboard/api/broker-connections…, /orders…), both modes, against the
 * loopback Alpaca stand-in: the API's connection management behind a signed-in session. Every state
 * change needs the session's CSRF token; another account's connection is 404 on every route; the answers
 * carry the key id's last four, never the key id or the secret; and the routes are metered like the
 * API's: the `brokers` entitlement, the dashboard meter's burst limit, never billed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../brokers/demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from '../brokers/fake-alpaca-server.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Connection {
  id: string;
  key_id_last4: string;
}

/** Every route that names a connection, with a body where it takes one. */
const routesOf = (c: string): [Method, string, unknown?][] => [
  ['GET', `/broker-connections/${c}`],
  ['PATCH', `/broker-connections/${c}`, { label: 'not yours' }],
  ['POST', `/broker-connections/${c}/test`],
  ['POST', `/broker-connections/${c}/kill-switch`],
  ['GET', `/broker-connections/${c}/positions`],
  ['GET', `/broker-connections/${c}/orders`],
  ['GET', `/broker-connections/${c}/audit`],
  ['DELETE', `/broker-connections/${c}`],
];

describe.each(MODES)('dashboard broker routes (%s)', (mode) => {
  let fake: FakeAlpaca;
  let deployment: Deployment;
  let instance: Instance;
  let addresses = 0;
  /** A fresh pair of broker credentials the stand-in accepts. */
  const credentials = () => {
    const key_id = `PK${randomBytes(8).toString('hex').toUpperCase()}`;
    const secret = `SecretCanary${randomBytes(12).toString('hex')}`;
    fake.addAccount({ keyId: key_id, secret, accountNumber: `PA${randomBytes(4).toString('hex')}` });
    return { key_id, secret };
  };

  /** A signed-in user of a new account on `plan` (from an address of its own: sign-ins are throttled). */
  const signedIn = async (plan: string | null, opts: { burst?: number; quota?: number } = {}) => {
    const email = `bk-${randomBytes(4).toString('hex')}@example.test`;
    const made = await instance.account(plan, { burst: 1_000, ...opts, email, password: PASSWORD });
    const dash = await instance.dashboard(email, PASSWORD, `10.8.0.${++addresses}`);
    return { ...made, ...dash };
  };
  const link = async (call: Awaited<ReturnType<typeof signedIn>>['call']) => {
    const creds = credentials();
    const res = await call('POST', '/broker-connections', creds);
    expect(res.statusCode, res.body).toBe(201);
    return { ...creds, connection: res.json() as Connection, res };
  };

  beforeAll(async () => {
    fake = await startFakeAlpaca();
    deployment = await Deployment.create(mode, {
      brokers: brokersAt(fake.url),
    });
    instance = await deployment.start();
  });
  afterAll(async () => {
    await instance?.close();
    await deployment?.destroy();
    await fake?.close();
  });

  it('links through the dashboard and answers the last four only: never the key id or the secret', async () => {
    const { call } = await signedIn('growth');
    const { key_id, secret, connection, res } = await link(call);
    expect(res.headers.location).toBe(`/dashboard/api/broker-connections/${connection.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(connection.key_id_last4).toBe(key_id.slice(-4));
    const answers = [
      res,
      await call('GET', '/broker-connections'),
      await call('GET', `/broker-connections/${connection.id}`),
      await call('POST', `/broker-connections/${connection.id}/test`),
      await call('GET', `/broker-connections/${connection.id}/audit`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200, 200, 200]);
    for (const r of answers) {
      expect(r.body).not.toContain(secret);
      expect(r.body).not.toContain(key_id);
    }
    expect(instance.logs.text).not.toContain(secret);
  });

  it('refuses every state change without the session’s CSRF token, and every call without a session', async () => {
    const { call, cookie, csrf } = await signedIn('growth');
    const { connection } = await link(call);
    const before = fake.requests.length;
    const inject = (method: Method, path: string, body: unknown, headers: Record<string, string>) =>
      instance.app.inject({
        method,
        url: `/dashboard/api${path}`,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const changes: [Method, string, unknown?][] = [
      ['POST', '/broker-connections', credentials()],
      ...routesOf(connection.id).filter(([m]) => m !== 'GET'),
      ['DELETE', '/orders/bko_0000000000'],
    ];
    for (const [method, path, body] of changes) {
      for (const headers of [{ cookie }, { cookie, 'x-csrf-token': 'x'.repeat(csrf.length) }])
        expectProblem(await inject(method, path, body, headers), 403, 'forbidden');
      expectProblem(await inject(method, path, body, { 'x-csrf-token': csrf }), 401, 'sign_in_required');
    }
    // Nothing reached the broker, and the connection is as it was.
    expect(fake.requests.length).toBe(before);
    expect((await call('GET', '/broker-connections')).json().data).toEqual([connection]);
  });

  it('answers 404 for another account’s connection on every route, and changes nothing', async () => {
    const a = await signedIn('growth');
    const b = await signedIn('growth');
    const theirs = (await link(b.call)).connection;
    for (const [method, path, body] of routesOf(theirs.id))
      expectProblem(await a.call(method, path, body), 404, 'not_found');
    expect((await a.call('GET', '/broker-connections')).json().data).toEqual([]);
    expect((await b.call('GET', `/broker-connections/${theirs.id}`)).json()).toEqual(theirs);
  });

  it('meters the routes like the API: the brokers entitlement, never billed', async () => {
    const starter = await signedIn('starter');
    for (const [method, path, body] of [
      ['GET', '/broker-connections'],
      ['POST', '/broker-connections', credentials()],
      ['GET', '/cards/crd_nothing/orders'],
      ['GET', '/orders/bko_0000000000'],
    ] as const) {
      const problem = expectProblem(await starter.call(method, path, body), 403, 'plan_required');
      expect(problem.detail).toContain('brokers');
    }

    // Unbilled: the dashboard meter's quota (5 here) is untouched by management calls.
    const { call } = await signedIn('growth', { quota: 5 });
    const { connection } = await link(call);
    const answers = [];
    for (const [method, path] of [
      ['GET', '/broker-connections'],
      ['GET', `/broker-connections/${connection.id}`],
      ['GET', `/broker-connections/${connection.id}/orders`],
      ['GET', '/cards/crd_nothing/orders'],
      ['POST', `/broker-connections/${connection.id}/kill-switch`],
      ['DELETE', `/broker-connections/${connection.id}`],
    ] as const) {
      answers.push(await call(method, path));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of answers) expect(r.headers['x-ratelimit-remaining']).toBe('5');
  });
});
