import { verifyWebhook } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EVENTS_CONFIG } from '../../src/config/events-config.js';
import { DELIVERING, Deployment, type Instance, MODES } from '../support/harness.js';
import { Receiver } from './support/receiver.js';

describe.each(MODES)('webhooks through the API (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let receiver: Receiver;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { events: DELIVERING });
    instance = await deployment.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await instance.close();
    await deployment.destroy();
  });

  const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, key: string, body?: unknown) =>
    instance.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('registers an endpoint, signs deliveries by Standard Webhooks, and never shows the secret again', async () => {
    const { key, keyId, account } = await instance.account('growth');
    const made = await call('POST', '/webhooks', key!, {
      url: receiver.url,
      description: 'ops',
      event_types: ['key.rotated'],
    });
    expect(made.statusCode).toBe(201);
    const { endpoint, secret } = made.json() as { endpoint: { id: string }; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.headers.location).toBe(`/api/v1/webhooks/${endpoint.id}`);

    // A key rotation (the dashboard's or the CLI's) is an event the endpoint subscribed to.
    const rotated = await instance.platform.keys.rotate(keyId!, account.id);
    expect(rotated.ok).toBe(true);
    const [got] = await receiver.waitFor(1);
    const event = await verifyWebhook(got!.headers as Record<string, string>, got!.body, secret);
    expect(event.type).toBe('key.rotated');
    expect(event.data).toMatchObject({ key_id: keyId });
    expect(got!.headers['webhook-id']).toBe(event.id);
    expect(JSON.stringify(event)).not.toContain('digest');
    // With the wrong secret the same delivery does not verify.
    await expect(
      verifyWebhook(
        got!.headers as Record<string, string>,
        got!.body,
        `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      ),
    ).rejects.toThrow();

    const newKey = (rotated as { key: string }).key;
    const listed = await call('GET', '/webhooks', newKey);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(secret.slice(6));
    const one = await call('GET', `/webhooks/${endpoint.id}`, newKey);
    expect(one.json()).toMatchObject({ id: endpoint.id, url: receiver.url, event_types: ['key.rotated'] });
    expect(one.body).not.toContain(secret.slice(6));

    // The attempt is recorded a moment after the receiver answered.
    let deliveries = await call('GET', `/webhooks/${endpoint.id}/deliveries`, newKey);
    for (let i = 0; i < 50 && deliveries.json().data[0]?.status !== 'succeeded'; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      deliveries = await call('GET', `/webhooks/${endpoint.id}/deliveries`, newKey);
    }
    expect(deliveries.statusCode).toBe(200);
    const [d] = deliveries.json().data as { id: string; status: string; event_id: string }[];
    expect(d).toMatchObject({ status: 'succeeded', event_id: event.id });
    const detail = await call('GET', `/webhooks/${endpoint.id}/deliveries/${d!.id}`, newKey);
    expect(detail.json().attempt_history).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'success', status: 200 }),
    ]);

    // A replay is a new delivery of the same event, with the same webhook-id.
    const replay = await call('POST', `/webhooks/${endpoint.id}/deliveries/${d!.id}/replay`, newKey);
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toMatchObject({ replay: 1, event_id: event.id });
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(event.id);
    expect(again!.body).toBe(got!.body);
  });

  it('sends a test event to one endpoint only, and answers 404 for another account’s endpoint', async () => {
    const a = await instance.account('starter');
    const b = await instance.account('starter');
    const other = await Receiver.start();
    try {
      const ea = (await call('POST', '/webhooks', a.key!, { url: receiver.url })).json().endpoint
        .id as string;
      const eb = (await call('POST', '/webhooks', b.key!, { url: other.url })).json().endpoint.id as string;
      const before = receiver.received.length;
      const test = await call('POST', `/webhooks/${ea}/test`, a.key!);
      expect(test.statusCode).toBe(202);
      await receiver.waitFor(before + 1);
      const last = JSON.parse(receiver.received.at(-1)!.body) as {
        type: string;
        data: { endpoint_id: string };
      };
      expect(last).toMatchObject({ type: 'webhook.test', data: { endpoint_id: ea } });
      await new Promise((r) => setTimeout(r, 300));
      expect(other.received).toHaveLength(0);
      for (const [method, path] of [
        ['GET', `/webhooks/${eb}`],
        ['PATCH', `/webhooks/${eb}`],
        ['DELETE', `/webhooks/${eb}`],
        ['POST', `/webhooks/${eb}/test`],
        ['POST', `/webhooks/${eb}/rotate-secret`],
        ['GET', `/webhooks/${eb}/deliveries`],
      ] as const) {
        const res = await call(method, path, a.key!, method === 'PATCH' ? { description: 'x' } : undefined);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
      // B's endpoint is untouched.
      expect((await call('GET', `/webhooks/${eb}`, b.key!)).json().description).toBe('');
    } finally {
      await other.close();
    }
  });

  it('refuses what cannot be delivered with plain problems, and changes nothing', async () => {
    const { key } = await instance.account('starter');
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x' }, '/body/url'],
      [{ url: 'https://example.com/x', event_types: ['cards.publish'] }, '/body/event_types'],
      [{ url: 'https://user:pw@example.com/x' }, '/body/url'],
      [{ url: 'https://example.com/x', extra: 1 }, ''],
    ];
    for (const [body, pointer] of cases) {
      const res = await call('POST', '/webhooks', key!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      if (pointer !== '') expect(JSON.stringify(res.json().errors)).toContain(pointer);
    }
    expect((await call('GET', '/webhooks', key!)).json().data).toEqual([]);
  });

  it('rotates the secret: for 24 h deliveries carry a signature by each', async () => {
    const { key, keyId, account } = await instance.account('growth');
    const made = (
      await call('POST', '/webhooks', key!, { url: receiver.url, event_types: ['key.revoked'] })
    ).json();
    const rotation = await call('POST', `/webhooks/${made.endpoint.id}/rotate-secret`, key!);
    expect(rotation.statusCode).toBe(200);
    const { secret: fresh, endpoint } = rotation.json() as {
      secret: string;
      endpoint: { previous_secret_expires_at: string };
    };
    expect(fresh).not.toBe(made.secret);
    const overlap = Date.parse(endpoint.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
    const before = receiver.received.length;
    await instance.platform.keys.revoke(keyId!, account.id);
    const got = (await receiver.waitFor(before + 1))[before]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    await verifyWebhook(got.headers as Record<string, string>, got.body, made.secret);
    await verifyWebhook(got.headers as Record<string, string>, got.body, fresh);
  });
});

describe('webhook URLs under the default policy (https, public addresses only)', () => {
  let deployment: Deployment;
  let instance: Instance;
  beforeAll(async () => {
    deployment = await Deployment.create('embedded', {
      events: { ...DEFAULT_EVENTS_CONFIG, deliver: false },
    });
    instance = await deployment.start();
  });
  afterAll(async () => {
    await instance.close();
    await deployment.destroy();
  });

  it('refuses plain http and inside destinations at registration, and on update', async () => {
    const { key } = await instance.account('starter', { burst: 100 });
    const post = (url: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ url }),
      });
    const refusals: [string, RegExp][] = [
      ['http://hooks.example.com/in', /https/],
      ['https://10.0.0.5/in', /private/],
      ['https://127.0.0.1/in', /loopback/],
      ['https://[::1]/in', /loopback/],
      ['https://169.254.169.254/latest/meta-data', /metadata/],
      ['https://2130706433/in', /loopback/],
      ['https://localhost/in', /localhost|local/],
      ['https://metadata.google.internal/', /internal/],
    ];
    for (const [url, reason] of refusals) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail, url).toMatch(reason);
    }
    const ok = await post('https://hooks.example.com/in');
    expect(ok.statusCode).toBe(201);
    const id = ok.json().endpoint.id as string;
    const moved = await instance.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'https://192.168.1.10/in' }),
    });
    expect(moved.statusCode).toBe(422);
    const still = await instance.get(`/api/v1/webhooks/${id}`, key);
    expect(still.json().url).toBe('https://hooks.example.com/in');
  });
});
