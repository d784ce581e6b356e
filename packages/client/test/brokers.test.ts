/**
 * The SDK's broker methods against a real server on loopback, both modes, whose broker is the loopback
 * Alpaca stand-in (packages/server/test/brokers/fake-alpaca-server.ts): linking without the secret ever
 * coming back, orders from a card placed once per Idempotency-Key (also when the SDK retries a 503 on
 * its own), the orders and audit iterators across pages, and a connection's life.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokersAt } from '../../server/test/brokers/demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from '../../server/test/brokers/fake-alpaca-server.js';
import { tradeCard } from '../../server/test/brokers/trade-card-fixture.js';
import { Deployment, type Instance, MODES } from '../../server/test/support/harness.js';
import { Bellwether, BellwetherProblem } from '../src/index.js';

const NOW = new Date('2026-11-25T15:00:00Z');
const SESSION = '2026-11-25';
const CARD = tradeCard('crd_sdkbrokerlong');

/** What the SDK sent to the server and what it was answered, one row per HTTP attempt. */
interface Attempt {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly idempotencyKey: string | null;
  readonly status: number;
}

describe.each(MODES)('the client’s broker methods (%s)', (mode) => {
  let fake: FakeAlpaca;
  let deployment: Deployment;
  let server: Instance;
  let client: Bellwether;
  let connection: string;
  const attempts: Attempt[] = [];
  const keyId = `PK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secret = `SecretCanary${randomBytes(12).toString('hex')}`;
  const orderPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');

  beforeAll(async () => {
    fake = await startFakeAlpaca();
    fake.addAccount({ keyId, secret, accountNumber: 'PA3SDKACCT', buyingPower: 100_000 });
    fake.addAccount({
      keyId: `${keyId}ROT`,
      secret: `${secret}rot`,
      accountNumber: 'PA3SDKACCT',
      buyingPower: 100_000,
    });
    fake.setLatestPrice('AAPL', 188);
    deployment = await Deployment.create(mode, {
      asOf: NOW,
      brokers: brokersAt(fake.url),
    });
    server = await deployment.start();
    await server.platform.storage.cards.publishSession(
      {
        session: SESSION,
        published_at: CARD.published_at,
        data_as_of: '2026-11-24T21:00:00.000Z',
        cards: 1,
        late: false,
        note: null,
      },
      [{ id: CARD.id, payload: CARD, published_at: CARD.published_at }],
    );
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const { key } = await server.account('enterprise', { burst: 10_000 });
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      attempts.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
        status: response.status,
      });
      return response;
    };
    client = new Bellwether({ baseUrl, apiKey: key as string, fetch: recording });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    await fake?.close();
  });

  it('a wrong secret is a typed broker_credentials_rejected problem, and nothing is linked', async () => {
    const error = await client.brokerConnections
      .create({ key_id: keyId, secret: 'not-the-secret' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BellwetherProblem);
    expect(error).toMatchObject({
      status: 422,
      code: 'broker_credentials_rejected',
      type: '/docs/errors/broker_credentials_rejected',
    });
    expect(await client.brokerConnections.list()).toEqual([]);
  });

  it('links a paper account with the defaults left out; list and get show it without the secret', async () => {
    const linked = await client.brokerConnections.create({ key_id: keyId, secret, label: 'SDK paper' });
    expect(linked).toMatchObject({
      broker: 'alpaca',
      environment: 'paper',
      label: 'SDK paper',
      key_id_last4: keyId.slice(-4),
      broker_account_number: 'PA3SDKACCT',
      status: 'ok',
    });
    connection = linked.id;
    const listed = await client.brokerConnections.list();
    expect(listed).toEqual([linked]);
    expect(await client.brokerConnections.get(connection)).toEqual(linked);
    for (const shown of [linked, listed]) {
      expect(JSON.stringify(shown)).not.toContain(secret);
      expect(JSON.stringify(shown)).not.toContain(keyId);
    }
  });

  it('placeFromCard twice with one Idempotency-Key: the same order, one submission at the broker', async () => {
    const before = orderPosts().length;
    const body = { connection_id: connection, risk_amount: 100 };
    const first = await client.orders.placeFromCard(CARD.id, body, { idempotencyKey: 'sdk-order-1' });
    // 100 of risk at 188.00 − 184.80 = 3.20 a share → 31 shares, take-profit at T1 by default.
    expect(first).toMatchObject({
      card_id: CARD.id,
      connection_id: connection,
      qty: 31,
      limit_price: 188,
      take_profit_price: 192.5,
      stop_price: 184.8,
      state: 'open',
    });
    const again = await client.orders.placeFromCard(CARD.id, body, { idempotencyKey: 'sdk-order-1' });
    expect(again.id).toBe(first.id);
    expect(orderPosts().length).toBe(before + 1);
    expect(fake.orders(keyId).filter((o) => o.client_order_id === first.client_order_id)).toHaveLength(1);
    expect(attempts.filter((a) => a.idempotencyKey === 'sdk-order-1').map((a) => a.status)).toEqual([
      201, 200,
    ]);
    expect((await client.orders.get(first.id)).id).toBe(first.id);
    expect((await client.orders.listForCard(CARD.id)).map((o) => o.id)).toContain(first.id);
    const canceled = await client.orders.cancel(first.id);
    expect(canceled).toMatchObject({ id: first.id, state: 'canceled' });
    await expect(client.orders.cancel(first.id)).rejects.toMatchObject({ status: 409 });
  });

  it('a 503 on the first submission, retried by the SDK with its own Idempotency-Key, ends with one order at the broker', async () => {
    const brokerBefore = fake.orders(keyId).length;
    const postsBefore = orderPosts().length;
    const attemptsBefore = attempts.length;
    fake.failNext(1, { status: 503, path: /^\/v2\/orders$/ });
    const order = await client.orders.placeFromCard(CARD.id, { connection_id: connection, qty: 2 });
    expect(order).toMatchObject({ qty: 2, state: 'open' });
    // The SDK sent it twice (503 broker_unavailable, then the replay) under one key it made itself.
    const sent = attempts.slice(attemptsBefore).filter((a) => a.method === 'POST');
    expect(sent.map((a) => a.status)).toEqual([503, 200]);
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    // The broker saw two submissions of the same client order id and holds exactly one order.
    const posts = orderPosts().slice(postsBefore);
    expect(posts.map((p) => (p.body as { client_order_id: string }).client_order_id)).toEqual([
      order.client_order_id,
      order.client_order_id,
    ]);
    expect(fake.orders(keyId)).toHaveLength(brokerBefore + 1);
    expect(fake.orders(keyId).filter((o) => o.client_order_id === order.client_order_id)).toHaveLength(1);
  });

  it('orders and audit iterate every page: the same items as one large page', async () => {
    for (let i = 0; i < 3; i++)
      await client.orders.placeFromCard(CARD.id, { connection_id: connection, qty: 1 });
    const attemptsBefore = attempts.length;
    const paged = [];
    for await (const order of client.brokerConnections.orders(connection, { limit: 2 })) paged.push(order);
    const pageCalls = attempts.slice(attemptsBefore).filter((a) => a.path.endsWith('/orders'));
    expect(pageCalls.length).toBeGreaterThan(2);
    expect(pageCalls.slice(1).every((a) => a.query.includes('cursor='))).toBe(true);
    const whole = [];
    for await (const order of client.brokerConnections.orders(connection, { limit: 200 })) whole.push(order);
    expect(paged).toEqual(whole);
    // Three here, one retried after a 503, one placed twice under one key.
    expect(new Set(paged.map((o) => o.id)).size).toBe(5);

    const audit = [];
    for await (const entry of client.brokerConnections.audit(connection, { limit: 3 })) audit.push(entry);
    const auditWhole = [];
    for await (const entry of client.brokerConnections.audit(connection, { limit: 200 }))
      auditWhole.push(entry);
    expect(audit).toEqual(auditWhole);
    expect(audit.length).toBeGreaterThan(3);
    expect(audit.some((e) => e.method === 'POST' && e.path === '/v2/orders' && e.status === 503)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('a connection’s life: update, kill switch, rotate (PUT), test, positions, delete', async () => {
    const automated = await client.brokerConnections.update(connection, {
      max_order_qty: 50,
      automation: {
        enabled: true,
        risk_per_order: 50,
        max_orders_per_session: 1,
        max_risk_per_session: 100,
      },
    });
    expect(automated).toMatchObject({ max_order_qty: 50, automation: { enabled: true } });
    const open = (await client.orders.listForCard(CARD.id))
      .filter((o) => o.state === 'open')
      .map((o) => o.broker_order_id);
    expect(open.length).toBeGreaterThan(0);
    const killed = await client.brokerConnections.killSwitch(connection);
    expect(killed.automation_disabled).toBe(true);
    expect(killed.canceled_broker_order_ids).toEqual(expect.arrayContaining(open));
    expect((await client.brokerConnections.get(connection)).automation?.enabled).toBe(false);

    const rotated = await client.brokerConnections.rotateCredentials(connection, {
      key_id: `${keyId}ROT`,
      secret: `${secret}rot`,
    });
    expect(rotated.key_id_last4).toBe(`${keyId}ROT`.slice(-4));
    expect(JSON.stringify(rotated)).not.toContain(`${secret}rot`);
    const tested = await client.brokerConnections.test(connection);
    expect(tested.account).toMatchObject({ account_number: 'PA3SDKACCT', buying_power: 100_000 });
    expect(fake.requests.at(-1)!.headers['apca-api-key-id']).toBe(`${keyId}ROT`);
    expect(await client.brokerConnections.positions(connection)).toEqual([]);
    expect(await client.brokerConnections.delete(connection)).toEqual({ id: connection, deleted: true });
    const gone = await client.brokerConnections.get(connection).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(BellwetherProblem);
    expect((gone as BellwetherProblem).status).toBe(404);
  });
});
