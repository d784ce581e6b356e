/**
 * Issue #42, two lows of the broker routes:
 * - a broker refusal that echoed the credentials was returned to the caller and stored in plaintext in
 *   broker_orders.error (only the audit log was scrubbed): now the broker's error is scrubbed as it
 *   leaves the gateway, before anything reads it;
 * - 20 concurrent orders with one Idempotency-Key made ~20 broker reads each before the duplicates were
 *   caught: requests with the same key now wait for the first, and find its order.
 * Both modes (ADR 0083).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../brokers/demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from '../brokers/fake-alpaca-server.js';
import { tradeCard } from '../brokers/trade-card-fixture.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const NOW = new Date('2026-11-25T15:00:00Z');
const SESSION = '2026-11-25';

describe.each(MODES)('broker orders under abuse (%s)', (mode) => {
  let fake: FakeAlpaca;
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let account: string;
  let connection: string;
  const keyId = `PK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secret = `SecretCanary${randomBytes(12).toString('hex')}`;
  const card = tradeCard('crd_abusebroker');

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    fake = await startFakeAlpaca();
    fake.addAccount({ keyId, secret, accountNumber: 'PA3ABUSE', buyingPower: 1_000_000 });
    fake.setLatestPrice('AAPL', 188);
    deployment = await Deployment.create(mode, {
      asOf: NOW,
      brokers: brokersAt(fake.url, { timeoutSeconds: 2 }),
    });
    server = await deployment.start();
    const made = await server.account('enterprise', { burst: 10_000 });
    key = made.key as string;
    account = made.account.id;
    await server.platform.storage.cards.publishSession(
      {
        session: SESSION,
        published_at: '2026-11-25T13:30:00.000Z',
        data_as_of: '2026-11-24T21:00:00.000Z',
        cards: 1,
        late: false,
        note: null,
      },
      [{ id: card.id, payload: card, published_at: card.published_at }],
    );
    const linked = await call('POST', '/broker-connections', { key_id: keyId, secret, label: 'Paper' });
    expect(linked.statusCode, linked.body).toBe(201);
    connection = linked.json().id;
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    await fake?.close();
  });

  it('scrubs credentials a broker refusal echoes from the answer and from the stored order', async () => {
    fake.garbleNext(1, {
      path: /\/v2\/orders$/,
      status: 422,
      body: JSON.stringify({ code: 42210000, message: `bad request for key ${keyId} with secret ${secret}` }),
    });
    const refused = await call('POST', `/cards/${card.id}/orders`, { connection_id: connection, qty: 1 });
    const p = expectProblem(refused, 422, 'broker_refused');
    expect(refused.body).not.toContain(secret);
    expect(refused.body).not.toContain(keyId);
    expect(String(p.broker_message)).toContain('[redacted]');
    const orders = (await call('GET', `/cards/${card.id}/orders`)).json().data as { id: string }[];
    const stored = await server.platform.storage.brokerOrders.get(account, orders.at(-1)!.id);
    expect(stored).toMatchObject({ state: 'rejected' });
    expect(stored?.error).toContain('[redacted]');
    expect(stored?.error).not.toContain(secret);
    expect(stored?.error).not.toContain(keyId);
  });

  it('makes the broker reads of one order for 20 concurrent requests with one Idempotency-Key (it made ~20 each)', async () => {
    const body = { connection_id: connection, qty: 1 };
    // What one order costs at the broker.
    let before = fake.requests.length;
    const single = await call('POST', `/cards/${card.id}/orders`, body, { 'idempotency-key': 'alone-1' });
    expect(single.statusCode, single.body).toBe(201);
    const perOrder = fake.requests.length - before;
    before = fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/cards/${card.id}/orders`, body, { 'idempotency-key': 'burst-1' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(fake.requests.length - before).toBe(perOrder);
  });
});
