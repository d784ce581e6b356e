import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brokerRuntime } from '../../src/brokers/broker-runtime.js';
import { DEFAULT_BROKERS_CONFIG } from '../../src/config/brokers-config.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { brokersAt } from './demo-broker.js';
import { type FakeAlpaca, startFakeAlpaca } from './fake-alpaca-server.js';
import { tradeCard } from './trade-card-fixture.js';

const NOW = new Date('2026-11-25T15:00:00Z');
const SESSION = '2026-11-25';

describe.each(MODES)('orders from cards at a broker (%s)', (mode) => {
  let fake: FakeAlpaca;
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let account: string;
  const keyId = `PK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secret = `SecretCanary${randomBytes(12).toString('hex')}`;
  let connection: string;
  const cards = {
    long: tradeCard('crd_brokerlong1'),
    cheap: tradeCard('crd_brokercheap', {
      asset: { ticker: 'F', name: 'Ford', asset_class: 'equity' },
      entry_zone: { low: 11.9, high: 12.1 },
      t1: 12.8,
      t2: 13.5,
      stop: 11.5,
    }),
    expired: tradeCard('crd_brokerold01', { session: '2026-11-20', expires_at: '2026-11-24T21:00:00.000Z' }),
    short: tradeCard('crd_brokershort', {
      asset: { ticker: 'MSFT', name: 'Microsoft', asset_class: 'equity' },
      direction: 'short',
      entry_zone: { low: 410, high: 412 },
      t1: 400,
      t2: 395,
      stop: 416,
      setup: 'breakdown',
    }),
  };

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
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
  const orderPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');

  beforeAll(async () => {
    fake = await startFakeAlpaca();
    fake.addAccount({ keyId, secret, accountNumber: 'PA3TESTACCT', buyingPower: 100_000 });
    fake.addAccount({
      keyId: `${keyId}ROT`,
      secret: `${secret}rot`,
      accountNumber: 'PA3TESTACCT',
      buyingPower: 100_000,
    });
    fake.addAccount({ keyId: 'PKOTHERACCOUNT01', secret: 'other-secret-1234', accountNumber: 'PA3OTHER' });
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
        cards: 3,
        late: false,
        note: null,
      },
      [cards.long, cards.cheap, cards.short].map((c) => ({
        id: c.id,
        payload: c,
        published_at: c.published_at,
      })),
    );
    await server.platform.storage.cards.publishSession(
      {
        session: '2026-11-20',
        published_at: '2026-11-20T13:30:00.000Z',
        data_as_of: '2026-11-19T21:00:00.000Z',
        cards: 1,
        late: false,
        note: null,
      },
      [{ id: cards.expired.id, payload: cards.expired, published_at: cards.expired.published_at }],
    );
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setLatestPrice('AAPL', 188);
    fake.setLatestPrice('MSFT', 411);
    fake.setLatestPrice('F', 12);
  });

  it('links a paper account only with credentials the broker accepts, and never shows the secret', async () => {
    const wrong = await call('POST', '/broker-connections', { key_id: keyId, secret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ type: '/docs/errors/broker_credentials_rejected' });
    expect((await call('GET', '/broker-connections')).json().data).toEqual([]);

    const res = await call('POST', '/broker-connections', { key_id: keyId, secret, label: 'Paper' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      broker: 'alpaca',
      environment: 'paper',
      label: 'Paper',
      key_id_last4: keyId.slice(-4),
      broker_account_number: 'PA3TESTACCT',
      status: 'ok',
      automation: null,
    });
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(keyId);
    connection = body.id;
    // Stored sealed: the row holds neither the secret nor the key id in clear.
    const stored = await server.platform.storage.brokerConnections.get(account, connection);
    expect(stored?.ciphertext).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(keyId);
    // The broker saw the credentials only in its two headers.
    const seen = fake.requests.at(-1)!;
    expect(seen.headers['apca-api-secret-key']).toBe(secret);
    expect(seen.path).not.toContain(secret);
  });

  it('live needs a plan with live trading and an explicit confirmation', async () => {
    const growth = await server.account('growth');
    const asGrowth = await server.app.inject({
      method: 'POST',
      url: '/api/v1/broker-connections',
      headers: { authorization: `Bearer ${growth.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ environment: 'live', key_id: keyId, secret, confirm_live: true }),
    });
    expect(asGrowth.statusCode).toBe(403);
    expect(asGrowth.json()).toMatchObject({ entitlement: 'brokers_live', required_plan: 'pro_plus_api' });
    const unconfirmed = await call('POST', '/broker-connections', {
      environment: 'live',
      key_id: keyId,
      secret,
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors[0].pointer).toBe('/body/confirm_live');
    const starter = await server.account('starter');
    expect((await server.get('/api/v1/broker-connections', starter.key)).statusCode).toBe(403);
  });

  it('turns a card into a bracket sized from the stop distance, once per Idempotency-Key', async () => {
    const before = orderPosts().length;
    const body = { connection_id: connection, risk_amount: 100 };
    const res = await call('POST', `/cards/${cards.long.id}/orders`, body, { 'idempotency-key': 'order-1' });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    // 100 of risk at 188.00 − 184.80 = 3.20 a share → 31 shares.
    expect(order).toMatchObject({
      card_id: cards.long.id,
      ticker: 'AAPL',
      side: 'buy',
      qty: 31,
      limit_price: 188,
      take_profit_price: 192.5,
      stop_price: 184.8,
      risk: 99.2,
      state: 'open',
      origin: 'api',
    });
    const sent = orderPosts().at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      symbol: 'AAPL',
      side: 'buy',
      type: 'limit',
      qty: '31',
      limit_price: '188.00',
      order_class: 'bracket',
      take_profit: { limit_price: '192.50' },
      stop_loss: { stop_price: '184.80' },
      client_order_id: order.client_order_id,
    });
    const again = await call('POST', `/cards/${cards.long.id}/orders`, body, {
      'idempotency-key': 'order-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(order.id);
    const other = await call(
      'POST',
      `/cards/${cards.long.id}/orders`,
      { ...body, risk_amount: 50 },
      { 'idempotency-key': 'order-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().type).toBe('/docs/errors/idempotency_key_reused');
    expect(orderPosts().length).toBe(before + 1);
    // A short: limit inside the zone, take-profit at T2 on request, stop above.
    const short = await call('POST', `/cards/${cards.short.id}/orders`, {
      connection_id: connection,
      qty: 5,
      take_profit: 't2',
    });
    expect(short.json()).toMatchObject({
      side: 'sell',
      qty: 5,
      limit_price: 411,
      take_profit_price: 395,
      stop_price: 416,
    });
  });

  it('splits an order into a T1 and a T2 bracket that share a group, placed once per Idempotency-Key', async () => {
    const before = orderPosts().length;
    const body = { connection_id: connection, qty: 5, take_profit: 'split' };
    const res = await call('POST', `/cards/${cards.cheap.id}/orders`, body, { 'idempotency-key': 'split-1' });
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({ qty: 3, take_profit_price: 12.8, group_id: first.id, state: 'open' });
    const group = (await call('GET', `/cards/${cards.cheap.id}/orders`))
      .json()
      .data.filter((o: { group_id: string | null }) => o.group_id === first.id);
    expect(
      group
        .map((o: { qty: number; take_profit_price: number }) => [o.qty, o.take_profit_price])
        .sort((x: number[], y: number[]) => (y[0] as number) - (x[0] as number)),
    ).toEqual([
      [3, 12.8],
      [2, 13.5],
    ]);
    const sent = orderPosts()
      .slice(before)
      .map((r) => (r.body as { take_profit: { limit_price: string } }).take_profit);
    expect(sent).toEqual([{ limit_price: '12.80' }, { limit_price: '13.50' }]);
    const again = await call('POST', `/cards/${cards.cheap.id}/orders`, body, {
      'idempotency-key': 'split-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect(orderPosts().length).toBe(before + 2);
    const one = await call('POST', `/cards/${cards.cheap.id}/orders`, { ...body, qty: 1 });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors[0].pointer).toBe('/body/take_profit');
  });

  it('refuses, before sending anything, an expired card, a price beyond the trade, and sizes over caps or buying power', async () => {
    const before = orderPosts().length;
    const post = (id: string, body: Record<string, unknown>) =>
      call('POST', `/cards/${id}/orders`, { connection_id: connection, ...body });
    const expired = await post(cards.expired.id, { qty: 1 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ type: '/docs/errors/card_not_tradable', reason: 'expired' });
    fake.setLatestPrice('AAPL', 189.5);
    const above = await post(cards.long.id, { qty: 1 });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ reason: 'price_beyond_zone', last_price: 189.5 });
    fake.setLatestPrice('AAPL', 184.5);
    expect((await post(cards.long.id, { qty: 1 })).json().reason).toBe('price_beyond_zone');
    fake.setLatestPrice('AAPL', 188);
    const poor = await post(cards.long.id, { qty: 600 });
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toMatchObject({
      type: '/docs/errors/insufficient_buying_power',
      buying_power: 100_000,
    });
    const capped = await call('PATCH', `/broker-connections/${connection}`, { max_order_qty: 50 });
    expect(capped.json().max_order_qty).toBe(50);
    const over = await post(cards.long.id, { qty: 51 });
    expect(over.statusCode).toBe(422);
    expect(over.json().type).toBe('/docs/errors/order_cap_exceeded');
    expect((await post(cards.long.id, { risk_amount: 1 })).statusCode).toBe(422);
    const neither = await post(cards.long.id, {});
    expect(neither.statusCode).toBe(422);
    expect(orderPosts().length).toBe(before);
    await call('PATCH', `/broker-connections/${connection}`, {
      max_order_qty: DEFAULT_BROKERS_CONFIG.maxOrderQty,
    });
  });

  it("passes on the broker's own refusals with its code, and marks the order rejected", async () => {
    fake.rejectWhenClosed = true;
    fake.setClock({ isOpen: false });
    const closed = await call('POST', `/cards/${cards.cheap.id}/orders`, {
      connection_id: connection,
      qty: 10,
    });
    fake.rejectWhenClosed = false;
    fake.setClock({ isOpen: true });
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ type: '/docs/errors/broker_refused', broker_code: '42210000' });
    const orders = (await call('GET', `/cards/${cards.cheap.id}/orders`)).json().data;
    expect(orders.at(-1)).toMatchObject({ state: 'rejected' });
    // Within the account's stated buying power, over what its open orders leave: the broker says no.
    const big = await call('POST', `/cards/${cards.cheap.id}/orders`, {
      connection_id: connection,
      qty: 7_900,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({ broker_code: '40310000' });
  });

  it('a throttled or cut-short submission is found by its client order id, never sent twice, also after a restart', async () => {
    const body = { connection_id: connection, qty: 2 };
    fake.failNext(1, { status: 429, retryAfter: 3, path: /^\/v2\/orders$/ });
    const throttled = await call('POST', `/cards/${cards.cheap.id}/orders`, body, {
      'idempotency-key': 'retry-1',
    });
    expect(throttled.statusCode).toBe(503);
    expect(throttled.headers['retry-after']).toBe('3');
    expect(throttled.json()).toMatchObject({ type: '/docs/errors/broker_unavailable' });
    const resumed = await call('POST', `/cards/${cards.cheap.id}/orders`, body, {
      'idempotency-key': 'retry-1',
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ id: throttled.json().order_id, state: 'open' });

    // The broker takes the order but the answer is lost, and so is the look-up that follows.
    fake.acceptThenFail(1, { path: /^\/v2\/orders$/, status: 500 });
    fake.failNext(1, { status: 503, path: /by_client_order_id/ });
    const lost = await call('POST', `/cards/${cards.cheap.id}/orders`, body, {
      'idempotency-key': 'retry-2',
    });
    expect(lost.statusCode).toBe(503);
    const cid = lost.json().client_order_id as string;
    expect(fake.orders(keyId).filter((o) => o.client_order_id === cid)).toHaveLength(1);
    // A new process (restart) with the same key adopts the order the broker has, sending nothing new.
    const posts = orderPosts().length;
    await server.close();
    server = await deployment.start();
    const after = await call('POST', `/cards/${cards.cheap.id}/orders`, body, {
      'idempotency-key': 'retry-2',
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ client_order_id: cid, state: 'open' });
    expect(orderPosts().length).toBe(posts);
    expect(fake.orders(keyId).filter((o) => o.client_order_id === cid)).toHaveLength(1);
  });

  it('reconciles partial and full fills and the exit, with realised R and one event each', async () => {
    const placed = (
      await call('POST', `/cards/${cards.long.id}/orders`, { connection_id: connection, qty: 20 })
    ).json();
    fake.fill(placed.broker_order_id, { qty: 8, price: 188 });
    expect((await call('GET', `/orders/${placed.id}`)).json()).toMatchObject({
      state: 'partially_filled',
      filled_qty: 8,
    });
    fake.fill(placed.broker_order_id, { price: 188 });
    expect((await call('GET', `/orders/${placed.id}`)).json()).toMatchObject({
      state: 'filled',
      filled_qty: 20,
      filled_avg_price: 188,
    });
    fake.fillLeg(placed.broker_order_id, 'take_profit', 192.5);
    const closed = (await call('GET', `/orders/${placed.id}`)).json();
    // (192.50 − 188.00) / (188.00 − 184.80) = 1.40625
    expect(closed).toMatchObject({
      state: 'closed',
      exit_reason: 'take_profit',
      exit_price: 192.5,
      realised_r: 1.4063,
    });
    await call('GET', `/orders/${placed.id}`);
    const events = (await server.platform.storage.events.listForAccount(account, 0, 1000)).filter(
      (e) => (e.data as { order_id?: string }).order_id === placed.id,
    );
    expect(events.map((e) => e.type)).toEqual(['order.filled', 'order.closed']);
    // The take-profit sold what the entry bought: no AAPL position is left at the broker.
    const positions = (await call('GET', `/broker-connections/${connection}/positions`)).json().data;
    expect(positions.filter((p: { ticker: string }) => p.ticker === 'AAPL')).toEqual([]);
  });

  it('cancels one order whose entry has not filled, and refuses to cancel one that has', async () => {
    const open = (
      await call('POST', `/cards/${cards.cheap.id}/orders`, { connection_id: connection, qty: 4 })
    ).json();
    const canceled = await call('DELETE', `/orders/${open.id}`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ id: open.id, state: 'canceled' });
    expect(fake.orders(keyId).find((o) => o.id === open.broker_order_id)?.status).toBe('canceled');
    const again = await call('DELETE', `/orders/${open.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ state: 'canceled' });
    const filled = (
      await call('POST', `/cards/${cards.cheap.id}/orders`, { connection_id: connection, qty: 4 })
    ).json();
    fake.fill(filled.broker_order_id, { price: 12 });
    const refused = await call('DELETE', `/orders/${filled.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('take-profit and stop are working');
  });

  it('cancels at the broker an entry still unfilled when its card expires', async () => {
    const open = (
      await call('POST', `/cards/${cards.long.id}/orders`, { connection_id: connection, qty: 2 })
    ).json();
    // The same deployment two days on: the card expired at the close of 2026-11-27.
    const later = await deployment.start(new Date('2026-11-30T15:00:00Z'));
    try {
      const read = await later.get(`/api/v1/orders/${open.id}`, key);
      expect(read.json()).toMatchObject({ state: 'canceled', filled_qty: 0 });
      expect(fake.orders(keyId).find((o) => o.id === open.broker_order_id)?.status).toBe('canceled');
    } finally {
      await later.close();
    }
  });

  it('the kill switch cancels every open order and turns automation off', async () => {
    const open = (
      await call('POST', `/cards/${cards.cheap.id}/orders`, { connection_id: connection, qty: 3 })
    ).json();
    await call('PATCH', `/broker-connections/${connection}`, {
      automation: {
        enabled: true,
        setups: [],
        directions: ['long'],
        min_expected_r: 0,
        risk_per_order: 50,
        max_orders_per_session: 1,
        max_risk_per_session: 100,
      },
    });
    const res = await call('POST', `/broker-connections/${connection}/kill-switch`);
    expect(res.statusCode).toBe(200);
    expect(res.json().automation_disabled).toBe(true);
    expect(res.json().canceled_broker_order_ids).toContain(open.broker_order_id);
    const after = (await call('GET', `/orders/${open.id}`)).json();
    expect(after.state).toBe('canceled');
    expect((await call('GET', `/broker-connections/${connection}`)).json().automation.enabled).toBe(false);
    const told = (await server.platform.storage.events.listForAccount(account, 0, 1000)).filter(
      (e) => e.type === 'order.canceled' && (e.data as { order_id: string }).order_id === open.id,
    );
    expect(told).toHaveLength(1);
  });

  it('rotates credentials only for the same broker account, and audits every call without a credential', async () => {
    const foreign = await call('PUT', `/broker-connections/${connection}/credentials`, {
      key_id: 'PKOTHERACCOUNT01',
      secret: 'other-secret-1234',
    });
    expect(foreign.statusCode).toBe(409);
    const rotated = await call('PUT', `/broker-connections/${connection}/credentials`, {
      key_id: `${keyId}ROT`,
      secret: `${secret}rot`,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().key_id_last4).toBe(`${keyId}ROT`.slice(-4));
    const tested = await call('POST', `/broker-connections/${connection}/test`);
    expect(tested.json().account).toMatchObject({ account_number: 'PA3TESTACCT', buying_power: 100_000 });
    fake.failNext(1, { status: 503 });
    const down = await call('POST', `/broker-connections/${connection}/test`);
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);

    const audit: { path: string; method: string; status: number | null }[] = [];
    for (let cursor: string | null = null; ; ) {
      const page = await call(
        'GET',
        `/broker-connections/${connection}/audit?limit=50${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      const body = page.json();
      audit.push(...body.data);
      expect(page.body).not.toContain(secret);
      expect(page.body).not.toContain(keyId);
      cursor = body.next_cursor;
      if (cursor === null) break;
    }
    expect(audit.some((e) => e.method === 'POST' && e.path === '/v2/orders' && e.status === 200)).toBe(true);
    expect(audit.some((e) => e.path === '/v2/account' && e.status === 503)).toBe(true);
    // Nothing the server logged holds a credential either.
    expect(server.logs.text).not.toContain(secret);
  });

  it('deletes a connection and its credentials; its orders stay listed under their cards', async () => {
    const linked = (
      await call('POST', '/broker-connections', { key_id: keyId, secret, label: 'temp' })
    ).json();
    expect((await call('DELETE', `/broker-connections/${linked.id}`)).json()).toEqual({
      id: linked.id,
      deleted: true,
    });
    expect((await call('GET', `/broker-connections/${linked.id}`)).statusCode).toBe(404);
    const other = await server.account('enterprise');
    const peek = await server.get(`/api/v1/broker-connections/${connection}`, other.key);
    expect(peek.statusCode).toBe(404);
    expect((await server.get(`/api/v1/cards/${cards.long.id}/orders`, other.key)).json().data).toEqual([]);
  });

  it('automation places the followed cards within its caps, once, across processes and restarts', async () => {
    const linked = (
      await call('POST', '/broker-connections', { key_id: keyId, secret, label: 'auto' })
    ).json();
    await call('PATCH', `/broker-connections/${linked.id}`, {
      automation: {
        enabled: true,
        setups: [],
        directions: ['long', 'short'],
        min_expected_r: 0.1,
        risk_per_order: 60,
        max_orders_per_session: 2,
        max_risk_per_session: 500,
      },
    });
    const a = brokerRuntime(server.platform);
    const second = await deployment.start();
    const b = brokerRuntime(second.platform);
    try {
      const [ra, rb] = await Promise.all([a.follow(SESSION), b.follow(SESSION)]);
      expect(ra.placed + rb.placed).toBe(2);
      const auto = async () =>
        (
          await server.platform.storage.brokerOrders.listByConnection(account, linked.id, { limit: 100 })
        ).filter((o) => o.origin === 'automation' && o.state !== 'rejected');
      expect(await auto()).toHaveLength(2);
      // A restart runs the session again: the caps are in the database, so nothing more is placed.
      await second.close();
      const third = await deployment.start();
      try {
        expect((await brokerRuntime(third.platform).follow(SESSION)).placed).toBe(0);
      } finally {
        await third.close();
      }
      expect(await auto()).toHaveLength(2);
      const sent = new Set((await auto()).map((o) => o.client_order_id));
      expect(fake.orders(keyId).filter((o) => sent.has(String(o.client_order_id)))).toHaveLength(2);
    } finally {
      await second.close().catch(() => undefined);
    }
  });
});
