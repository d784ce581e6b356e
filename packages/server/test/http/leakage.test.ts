import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../brokers/demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from '../brokers/fake-alpaca-server.js';
import { tradeCard } from '../brokers/trade-card-fixture.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'] as const;
const LEAK_CARD = tradeCard('crd_leakagecanary01', { session: new Date().toISOString().slice(0, 10) });

describe.each(MODES)('isolation and leakage (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  const canaries: string[] = [];
  const keys: string[] = [];
  const keyIds: string[] = [];
  const accounts: string[] = [];
  const connectionIds: string[] = [];
  const orderIds: string[] = [];
  let alpaca: FakeAlpaca;

  beforeAll(async () => {
    alpaca = await startFakeAlpaca();
    alpaca.setLatestPrice('AAPL', 188);
    deployment = await Deployment.create(mode, {
      brokers: brokersAt(alpaca.url),
    });
    server = await deployment.start();
    const now = Date.now();
    await server.platform.storage.cards.publishSession(
      {
        session: LEAK_CARD.session,
        published_at: new Date(now - 3_600_000).toISOString(),
        data_as_of: new Date(now - 7_200_000).toISOString(),
        cards: 1,
        late: false,
        note: null,
      },
      [
        {
          id: LEAK_CARD.id,
          payload: {
            ...LEAK_CARD,
            published_at: new Date(now - 3_600_000).toISOString(),
            data_as_of: new Date(now - 7_200_000).toISOString(),
            expires_at: new Date(now + 3 * 86_400_000).toISOString(),
          },
          published_at: new Date(now - 3_600_000).toISOString(),
        },
      ],
    );
    for (const tag of ['a', 'b']) {
      const r = randomBytes(4).toString('hex');
      const name = `CanaryName${tag}${r}`;
      const email = `canary.email.${tag}.${r}@example.test`;
      const password = `CanaryPassword${tag}${r}`;
      const { account, key, keyId } = (await server.account('enterprise', {
        name,
        email,
        password,
        burst: 10_000,
      })) as {
        account: { id: string };
        key: string;
        keyId: string;
      };
      // A broker connection linked over the API, with an order placed through it: its secret and full
      // key id are write-only, its ciphertext never leaves the server.
      const brokerSecret = `CanaryBrokerSecret${tag}${r}`;
      const brokerKeyId = `PKCANARY${tag}${r}`.toUpperCase();
      alpaca.addAccount({ keyId: brokerKeyId, secret: brokerSecret, buyingPower: 1e6 });
      const linked = await server.app.inject({
        method: 'POST',
        url: '/api/v1/broker-connections',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ key_id: brokerKeyId, secret: brokerSecret }),
      });
      expect(linked.statusCode).toBe(201);
      connectionIds.push(linked.json().id);
      const placed = await server.app.inject({
        method: 'POST',
        url: `/api/v1/cards/${LEAK_CARD.id}/orders`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ connection_id: linked.json().id, qty: 1 }),
      });
      expect(placed.statusCode).toBe(201);
      orderIds.push(placed.json().id);
      const sealed = (await server.platform.storage.brokerConnections.get(account.id, linked.json().id))
        ?.ciphertext as string;
      canaries.push(brokerKeyId);
      // A webhook endpoint: its signing secret is shown once, at creation, and never again.
      const hook = await server.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `https://hooks-${tag}.example.com/in`, event_types: ['key.rotated'] }),
      });
      expect(hook.statusCode).toBe(201);
      const hookSecret = hook.json().secret as string;
      const sealedHook = (await server.platform.storage.webhooks.listEndpoints(account.id))[0]
        ?.secret_ciphertext;
      canaries.push(hookSecret, hookSecret.slice('whsec_'.length), sealedHook as string);
      await server.platform.storage.events.append([
        { type: 'quota.warning', account_id: account.id, data: { key_id: keyId, note: `for ${tag}` } },
      ]);
      const user = await server.platform.storage.users.getByEmail(email);
      const stored = await server.platform.storage.apiKeys.get(keyId);
      canaries.push(
        name,
        email,
        password,
        brokerSecret,
        sealed,
        user?.password_hash as string,
        stored?.digest as string,
      );
      keys.push(key);
      keyIds.push(keyId);
      accounts.push(account.id);
    }
    expect(canaries.every((c) => typeof c === 'string' && c.length > 10)).toBe(true);
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
    await alpaca.close();
  });

  /** What an event stream sends in its first half second (every event since 0), over a real connection. */
  async function firstBytesOfStream(key: string): Promise<string> {
    if (base === undefined) {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    }
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/events?since=0`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = JSON.stringify([...res.headers]);
    const stop = setTimeout(() => controller.abort(), 500);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted after half a second: what came is what we check
    } finally {
      clearTimeout(stop);
    }
    return text;
  }
  let base: string | undefined;

  it('no canary appears in any response of any route, for either account or none, nor in the logs', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, object>;
    };
    const paths = [
      ...Object.keys(spec.paths),
      '/healthz',
      '/readyz',
      '/metrics',
      '/docs',
      '/docs/errors',
      '/api/v1/openapi.json',
    ];
    expect(paths.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const path of paths) {
      // The first account's own resources, so its keys read real data and the second's get 404.
      const url = path
        .replace('{connection_id}', connectionIds[0] as string)
        .replace('{order_id}', orderIds[0] as string)
        .replace('{card_id}', LEAK_CARD.id)
        .replace(/\{[^}]+\}/g, 'job_0000');
      for (const method of METHODS) {
        for (const key of [...keys, undefined]) {
          // An admitted event stream never ends under `inject`: it is read over a real connection below.
          if (url === '/api/v1/events' && method === 'GET' && key !== undefined) {
            seen.push(await firstBytesOfStream(key));
            continue;
          }
          const res = await server.app.inject({
            method,
            url,
            headers: {
              ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
              ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' || method === 'DELETE'
              ? {}
              : { payload: JSON.stringify({ ticker: 'AAPL', tier: 'Full', account_id: accounts[1] }) }),
          });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500 + (res.statusCode === 501 ? 2 : 0));
          seen.push(res.body, JSON.stringify(res.headers));
        }
      }
    }
    const everything = `${seen.join('\n')}\n${server.logs.text}`;
    for (const canary of canaries)
      expect(everything.includes(canary), `canary leaked: ${canary.slice(0, 12)}…`).toBe(false);
    // Keys themselves are never echoed back either.
    for (const key of keys) expect(everything.includes(key.slice(15, 39))).toBe(false);
  });

  it('/account shows only the caller’s own account, with no personal data', async () => {
    const [a, b] = await Promise.all(keys.map((k) => server.get('/api/v1/account', k)));
    expect(a?.json().account_id).toBe(accounts[0]);
    expect(b?.json().account_id).toBe(accounts[1]);
    expect(Object.keys(a?.json() ?? {}).sort()).toEqual([
      'account_id',
      'entitlements',
      'key',
      'limits',
      'plan',
    ]);
  });

  it("one account cannot rotate or revoke another account's key", async () => {
    expect(await server.platform.keys.rotate(keyIds[1] as string, accounts[0])).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await server.platform.keys.revoke(keyIds[1] as string, accounts[0])).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect((await server.get('/api/v1/session', keys[1] as string)).statusCode).toBe(200);
  });
});
