/**
 * The dashboard's webhook routes (/dashboard/api/webhooks…), both modes: the API's endpoint management
 * behind a signed-in session. The secret is shown once (never in a list, a read or the logs); every
 * state change needs the session's CSRF token; another account's endpoint and delivery are 404 on every
 * route; bad input gets the API's own 422 problems; a test event reaches a loopback receiver signed with
 * the secret and shows in the delivery log; disabling cancels waiting deliveries; and the routes are
 * metered like the API's webhook management: entitled, burst-limited, never billed.
 */
import { randomBytes } from 'node:crypto';
import { verifyWebhook } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../events/support/receiver.js';
import { DELIVERING, Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Endpoint {
  id: string;
  url: string;
  status: string;
  disabled_reason: string | null;
  disabled_at: string | null;
  updated_at: string;
}
interface Delivery {
  id: string;
  status: string;
  attempts: number;
  replay: number;
  event_id: string;
  next_attempt_at: string | null;
}

/** Every route that names an endpoint (and a delivery), with a body where it takes one. */
const routesOf = (e: string, d: string): [Method, string, unknown?][] => [
  ['GET', `/webhooks/${e}`],
  ['PATCH', `/webhooks/${e}`, { description: 'not yours' }],
  ['DELETE', `/webhooks/${e}`],
  ['POST', `/webhooks/${e}/rotate-secret`],
  ['POST', `/webhooks/${e}/test`],
  ['GET', `/webhooks/${e}/deliveries`],
  ['GET', `/webhooks/${e}/deliveries/${d}`],
  ['POST', `/webhooks/${e}/deliveries/${d}/replay`],
];

describe.each(MODES)('dashboard webhook routes (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let receiver: Receiver;
  let addresses = 0;

  /**
   * A signed-in user of a new account on `plan` (from an address of its own: sign-ins are throttled),
   * with a burst limit these tests' back-to-back calls stay under unless they say otherwise.
   */
  const signedIn = async (plan: string | null, opts: { burst?: number; quota?: number } = {}) => {
    const email = `wh-${randomBytes(4).toString('hex')}@example.test`;
    const made = await instance.account(plan, { burst: 1_000, ...opts, email, password: PASSWORD });
    const dash = await instance.dashboard(email, PASSWORD, `10.9.0.${++addresses}`);
    return { ...made, ...dash };
  };
  const create = async (call: Awaited<ReturnType<typeof signedIn>>['call'], body: unknown) => {
    const res = await call('POST', '/webhooks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { endpoint: Endpoint; secret: string };
  };
  const deliveries = async (call: Awaited<ReturnType<typeof signedIn>>['call'], id: string) =>
    (await call('GET', `/webhooks/${id}/deliveries`)).json().data as Delivery[];

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { events: DELIVERING });
    instance = await deployment.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await instance?.close();
    await deployment?.destroy();
  });

  it('shows the whsec_ secret on creation and rotation only: never in a list, a read or the logs', async () => {
    const { call } = await signedIn('starter');
    const made = await call('POST', '/webhooks', {
      url: receiver.url,
      description: 'ops',
      event_types: ['key.rotated'],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const { endpoint, secret } = made.json() as { endpoint: Endpoint; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.headers.location).toBe(`/dashboard/api/webhooks/${endpoint.id}`);
    expect(endpoint).toMatchObject({ url: receiver.url, status: 'enabled', event_types: ['key.rotated'] });

    const rotated = await call('POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);

    const answers = [
      await call('GET', '/webhooks'),
      await call('GET', `/webhooks/${endpoint.id}`),
      await call('PATCH', `/webhooks/${endpoint.id}`, { description: 'ops (renamed)' }),
      await call('GET', `/webhooks/${endpoint.id}/deliveries`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.json().data).toEqual([expect.objectContaining({ id: endpoint.id })]);
    for (const s of [secret, fresh]) {
      const bare = s.slice('whsec_'.length);
      for (const r of answers) expect(r.body).not.toContain(bare);
      expect(instance.logs.text).not.toContain(bare);
    }
  });

  it('refuses every state change without the session’s CSRF token or from another site, and every call without a session', async () => {
    const { call, cookie, csrf } = await signedIn('starter');
    const { endpoint } = await create(call, { url: receiver.url });
    const sentBefore = receiver.received.length;
    const test = await call('POST', `/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    const delivery = test.json() as Delivery;
    const before = (await receiver.waitFor(sentBefore + 1)).length;
    const changes = [
      ['POST', '/webhooks', { url: receiver.url }],
      ...routesOf(endpoint.id, delivery.id).filter(([m]) => m !== 'GET'),
    ] as [Method, string, unknown?][];
    const inject = (method: Method, path: string, body: unknown, headers: Record<string, string>) =>
      instance.app.inject({
        method,
        url: `/dashboard/api${path}`,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    for (const [method, path, body] of changes) {
      for (const headers of [
        { cookie },
        { cookie, 'x-csrf-token': 'x'.repeat(csrf.length) },
        { cookie, 'x-csrf-token': csrf, origin: 'https://evil.example' },
      ])
        expectProblem(await inject(method, path, body, headers), 403, 'forbidden');
      expectProblem(await inject(method, path, body, { 'x-csrf-token': csrf }), 401, 'sign_in_required');
    }
    for (const [method, path] of [['GET', '/webhooks'], ...routesOf(endpoint.id, delivery.id)] as const)
      if (method === 'GET') expectProblem(await inject(method, path, undefined, {}), 401, 'sign_in_required');

    // Nothing changed: one endpoint, as it was, with its one delivery; nothing more was sent.
    const list = (await call('GET', '/webhooks')).json().data as Endpoint[];
    expect(list).toEqual([endpoint]);
    expect((await deliveries(call, endpoint.id)).map((d) => d.id)).toEqual([delivery.id]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before);
  });

  it('answers 404 for another account’s endpoint and delivery on every route, and changes nothing', async () => {
    const a = await signedIn('starter');
    const b = await signedIn('starter');
    const theirs = await Receiver.start();
    try {
      const mine = (await create(a.call, { url: receiver.url })).endpoint;
      const other = (await create(b.call, { url: theirs.url, description: 'b' })).endpoint;
      const test = await b.call('POST', `/webhooks/${other.id}/test`);
      expect(test.statusCode).toBe(202);
      const theirDelivery = test.json() as Delivery;
      await theirs.waitFor(1);
      await expect.poll(async () => (await deliveries(b.call, other.id))[0]?.status).toBe('succeeded');

      for (const [method, path, body] of [
        ...routesOf(other.id, theirDelivery.id),
        // A's own endpoint with B's delivery: the delivery is not A's either.
        ...routesOf(mine.id, theirDelivery.id).slice(-2),
      ]) {
        const res = await a.call(method, path, body);
        expectProblem(res, 404, 'not_found');
      }
      expect((await a.call('GET', '/webhooks')).json().data).toEqual([mine]);

      // B's endpoint, secret and delivery log are untouched, and its receiver got nothing more.
      expect((await b.call('GET', `/webhooks/${other.id}`)).json()).toEqual(other);
      expect((await deliveries(b.call, other.id)).map((d) => d.id)).toEqual([theirDelivery.id]);
      await new Promise((r) => setTimeout(r, 300));
      expect(theirs.received).toHaveLength(1);
    } finally {
      await theirs.close();
    }
  });

  it('refuses what cannot be delivered with the API’s own 422 problems, and creates nothing', async () => {
    const { call, key } = await signedIn('growth');
    const viaApi = (method: Method, path: string, body?: unknown) =>
      instance.app.inject({
        method,
        url: `/api/v1${path}`,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const bodies: [unknown, string][] = [
      [{ url: 'ftp://example.com/hooks' }, '/body/url'],
      [{ url: 'not a url' }, '/body/url'],
      [{ url: '' }, '/body/url'],
      [{ url: 'https://user:pw@example.com/hooks' }, '/body/url'],
      [{ url: 'https://example.com/hooks', event_types: ['cards.publish'] }, '/body/event_types/0'],
      [{ url: 'https://example.com/hooks', description: 'd'.repeat(201) }, '/body/description'],
      [{ url: 'https://example.com/hooks', extra: 1 }, '/body/extra'],
      [{ description: 'no url' }, '/body/url'],
    ];
    for (const [body, pointer] of bodies) {
      const dash = expectProblem(await call('POST', '/webhooks', body), 422, 'validation_failed');
      const api = expectProblem(await viaApi('POST', '/webhooks', body), 422, 'validation_failed');
      expect(JSON.stringify(dash.errors), JSON.stringify(body)).toContain(pointer);
      expect({ detail: dash.detail, errors: dash.errors }).toEqual({
        detail: api.detail,
        errors: api.errors,
      });
    }
    expect((await call('GET', '/webhooks')).json().data).toEqual([]);

    const { endpoint } = await create(call, { url: 'https://example.com/bellwether/webhooks' });
    for (const [body, pointer] of [
      [{}, '/body'],
      [{ url: 'http://' }, '/body/url'],
      [{ enabled: 'no' }, '/body/enabled'],
    ] as const) {
      const dash = expectProblem(
        await call('PATCH', `/webhooks/${endpoint.id}`, body),
        422,
        'validation_failed',
      );
      const api = expectProblem(
        await viaApi('PATCH', `/webhooks/${endpoint.id}`, body),
        422,
        'validation_failed',
      );
      expect(JSON.stringify(dash.errors)).toContain(pointer);
      expect(dash.errors).toEqual(api.errors);
    }
    expect((await call('GET', `/webhooks/${endpoint.id}`)).json()).toEqual(endpoint);

    // The dashboard pages deliveries 50 at a time at most (the API: 100).
    expect((await call('GET', `/webhooks/${endpoint.id}/deliveries?limit=50`)).statusCode).toBe(200);
    const page = expectProblem(
      await call('GET', `/webhooks/${endpoint.id}/deliveries?limit=51`),
      422,
      'validation_failed',
    );
    expect(page.errors).toEqual([{ pointer: '/query/limit', detail: 'must be at most 50' }]);
    expect((await viaApi('GET', `/webhooks/${endpoint.id}/deliveries?limit=51`)).statusCode).toBe(200);
  });

  it('delivers a test event to the receiver signed with the secret, logs it with its attempt, and replays it', async () => {
    const { call } = await signedIn('starter');
    const { endpoint, secret } = await create(call, { url: receiver.url });
    const before = receiver.received.length;
    const sent = await call('POST', `/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    const delivery = sent.json() as Delivery;
    expect(delivery).toMatchObject({ endpoint_id: endpoint.id, event_type: 'webhook.test', replay: 0 });

    const got = (await receiver.waitFor(before + 1))[before]!;
    const event = await verifyWebhook(got.headers as Record<string, string>, got.body, secret);
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(got.headers['webhook-id']).toBe(delivery.event_id);

    await expect
      .poll(async () => (await deliveries(call, endpoint.id))[0])
      .toMatchObject({ id: delivery.id, status: 'succeeded', attempts: 1, next_attempt_at: null });
    const detail = await call('GET', `/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: delivery.id,
      last_status: 200,
      attempt_history: [expect.objectContaining({ attempt: 1, outcome: 'success', status: 200 })],
    });

    const replay = await call('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/replay`);
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toMatchObject({ replay: 1, event_id: delivery.event_id });
    const again = (await receiver.waitFor(before + 2))[before + 1]!;
    expect(again.headers['webhook-id']).toBe(delivery.event_id);
    expect(again.body).toBe(got.body);
    await expect
      .poll(async () => (await deliveries(call, endpoint.id)).map((d) => [d.replay, d.status]))
      .toEqual([
        [1, 'succeeded'],
        [0, 'succeeded'],
      ]);

    // Paged by the API's cursor.
    const one = (await call('GET', `/webhooks/${endpoint.id}/deliveries?limit=1`)).json();
    expect(one.data.map((d: Delivery) => d.replay)).toEqual([1]);
    const next = await call(
      'GET',
      `/webhooks/${endpoint.id}/deliveries?limit=1&cursor=${encodeURIComponent(one.next_cursor)}`,
    );
    expect(next.json()).toMatchObject({ data: [{ id: delivery.id }], next_cursor: null });

    const deleted = await call('DELETE', `/webhooks/${endpoint.id}`);
    expect(deleted.json()).toEqual({ id: endpoint.id, deleted: true });
    expectProblem(await call('GET', `/webhooks/${endpoint.id}/deliveries`), 404, 'not_found');
  });

  it('disabling cancels the waiting retry and refuses tests and replays; enabling delivers again', async () => {
    const { call } = await signedIn('starter');
    const flaky = await Receiver.start();
    try {
      // The first attempt fails with an hour's Retry-After: the delivery waits for its retry.
      flaky.answer({ status: 503, headers: { 'retry-after': '3600' } });
      const { endpoint } = await create(call, { url: flaky.url });
      const first = (await call('POST', `/webhooks/${endpoint.id}/test`)).json() as Delivery;
      await flaky.waitFor(1);
      await expect
        .poll(async () => (await deliveries(call, endpoint.id))[0])
        .toMatchObject({ id: first.id, status: 'pending', attempts: 1, next_attempt_at: expect.any(String) });

      const off = await call('PATCH', `/webhooks/${endpoint.id}`, { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        status: 'disabled',
        disabled_reason: 'customer',
        disabled_at: expect.any(String),
      });
      expect((await deliveries(call, endpoint.id))[0]).toMatchObject({
        id: first.id,
        status: 'canceled',
        next_attempt_at: null,
      });
      expectProblem(await call('POST', `/webhooks/${endpoint.id}/test`), 409, 'conflict');
      expectProblem(
        await call('POST', `/webhooks/${endpoint.id}/deliveries/${first.id}/replay`),
        409,
        'conflict',
      );

      const on = await call('PATCH', `/webhooks/${endpoint.id}`, { enabled: true });
      expect(on.json()).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null });
      const second = await call('POST', `/webhooks/${endpoint.id}/test`);
      expect(second.statusCode).toBe(202);
      await flaky.waitFor(2);
      await expect
        .poll(async () => (await deliveries(call, endpoint.id)).map((d) => d.status))
        .toEqual(['succeeded', 'canceled']);
      expect(flaky.received).toHaveLength(2);
    } finally {
      await flaky.close();
    }
  });

  it('meters the routes like the API’s webhook management: entitled, burst-limited, never billed', async () => {
    // No plan: no account entitlement, so no webhooks (as an account without a plan holds no API key).
    const planless = await signedIn(null);
    for (const [method, path, body] of [
      ['GET', '/webhooks'],
      ['GET', '/webhooks/event-types'],
      ['POST', '/webhooks', { url: receiver.url }],
    ] as const)
      expectProblem(await planless.call(method, path, body), 403, 'plan_required');
    const planlessAccount = planless.account.id;
    expect(await instance.platform.storage.webhooks.listEndpoints(planlessAccount)).toEqual([]);

    // Unbilled: the dashboard meter's quota (5 here) is untouched by eight management calls.
    const { call } = await signedIn('starter', { quota: 5 });
    const { endpoint } = await create(call, { url: receiver.url });
    const answers = [];
    for (const [method, path, body] of [
      ['GET', '/webhooks'],
      ['GET', '/webhooks/event-types'],
      ['GET', `/webhooks/${endpoint.id}`],
      ['PATCH', `/webhooks/${endpoint.id}`, { description: 'metered' }],
      ['POST', `/webhooks/${endpoint.id}/rotate-secret`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['GET', '/webhooks'],
    ] as const) {
      answers.push(await call(method, path, body));
      await new Promise((r) => setTimeout(r, 120)); // below the burst limit (10 a second)
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    for (const r of answers) {
      expect(r.headers['x-ratelimit-limit']).toBe('5');
      expect(r.headers['x-ratelimit-remaining']).toBe('5');
      expect(String(r.headers.ratelimit)).toMatch(/^"burst";r=\d+;t=\d+, "quota";r=5;t=\d+$/);
    }
    expect((await call('GET', '/webhooks/event-types')).json().data).toContainEqual({
      type: 'webhook.endpoint_disabled',
      summary: expect.any(String),
    });

    // Burst-limited on the account's dashboard meter: 3 a second here, so of 5 at once 2 are refused.
    const burst = await signedIn('starter', { burst: 3 });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => burst.call('GET', '/webhooks')));
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = statuses.find((r) => r.statusCode === 429)!;
    expect(expectProblem(refused, 429, 'rate_limited').violated_policies).toEqual(['burst']);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
