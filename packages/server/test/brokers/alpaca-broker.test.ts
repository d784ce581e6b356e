/**
 * The Alpaca adapter against the loopback stand-in (fake-alpaca-server.ts, which follows Alpaca's public
 * documentation; see its header for the pages). Every test checks, after it ran, that no credential
 * reached an observer record, an error or a URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALPACA_DEFAULT_URLS, AlpacaBroker } from '../../src/brokers/alpaca/alpaca-broker.js';
import { orderState, readOrder } from '../../src/brokers/alpaca/alpaca-order.js';
import {
  type BracketOrderRequest,
  type BrokerCallRecord,
  type BrokerCredentials,
  BrokerError,
} from '../../src/brokers/broker-port.js';
import { type FakeAlpaca, startFakeAlpaca } from './fake-alpaca-server.js';

let fake: FakeAlpaca;
let broker: AlpacaBroker;
const records: BrokerCallRecord[] = [];
const errors: BrokerError[] = [];
const secrets: string[] = [];
const observe = (r: BrokerCallRecord) => records.push(r);

let accounts = 0;
/** A fresh account at the stand-in (its own orders and positions), and its paper credentials. */
function account(
  o: { buyingPower?: number; equity?: number; tradingBlocked?: boolean } = {},
): BrokerCredentials {
  accounts += 1;
  const keyId = `PKTEST${String(accounts).padStart(14, '0')}`;
  const secret = `sk-${accounts}-Zq9vW3xYtR7uP2mN8bK4jH6gF1dS5aL0`;
  secrets.push(secret, keyId);
  fake.addAccount({ keyId, secret, ...o });
  return { environment: 'paper', keyId, secret };
}

/** The BrokerError a call fails with (kept, to be searched for credentials). */
async function failure(p: Promise<unknown>): Promise<BrokerError> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof BrokerError)) throw e;
    errors.push(e);
    return e;
  }
  throw new Error('the call succeeded');
}

const bracket = (over: Partial<BracketOrderRequest> = {}): BracketOrderRequest => ({
  clientOrderId: `bw-${Math.random().toString(36).slice(2, 12)}`,
  symbol: 'ACME',
  side: 'buy',
  qty: 10,
  limitPrice: 100,
  takeProfitPrice: 110,
  stopPrice: 95,
  timeInForce: 'day',
  ...over,
});

const lastRecord = () => records.at(-1) as BrokerCallRecord;

beforeAll(async () => {
  fake = await startFakeAlpaca();
  broker = new AlpacaBroker({ tradingUrls: { paper: fake.url, live: fake.url }, dataUrl: fake.url });
});
afterAll(() => fake.close());
afterEach(() => {
  const everything = JSON.stringify({
    records,
    errors: errors.map((e) => ({ message: e.message, brokerMessage: e.brokerMessage, stack: e.stack })),
    paths: fake.requests.map((r) => r.path),
    bodies: fake.requests.map((r) => r.body),
  });
  for (const s of secrets) expect(everything).not.toContain(s);
  // The secret travels in its header, and nowhere else among the headers.
  for (const r of fake.requests) {
    const secret = r.headers['apca-api-secret-key'];
    const others = Object.entries(r.headers).filter(([k]) => k !== 'apca-api-secret-key');
    if (typeof secret === 'string') expect(JSON.stringify(others)).not.toContain(secret);
    expect(r.headers.authorization).toBeUndefined();
  }
});

describe('Alpaca adapter: readings', () => {
  it('points at Alpaca’s documented hosts by default', () => {
    expect(ALPACA_DEFAULT_URLS).toEqual({
      paper: 'https://paper-api.alpaca.markets',
      live: 'https://api.alpaca.markets',
      data: 'https://data.alpaca.markets',
    });
  });

  it('reads the account: decimal strings as numbers, trading_blocked as tradingBlocked', async () => {
    const creds = account({ buyingPower: 25_000.5, equity: 12_000.25 });
    const a = await broker.account(creds, observe);
    expect(a).toEqual({
      accountNumber: expect.stringMatching(/^PA/),
      status: 'ACTIVE',
      currency: 'USD',
      buyingPower: 25_000.5,
      equity: 12_000.25,
      cash: 12_000.25,
      tradingBlocked: false,
    });
    expect((await broker.account(account({ tradingBlocked: true }))).tradingBlocked).toBe(true);
    const req = fake.requests.find((r) => r.headers['apca-api-key-id'] === creds.keyId);
    expect(req).toMatchObject({ method: 'GET', path: '/v2/account' });
    expect(req?.headers['apca-api-secret-key']).toBe(creds.secret);
  });

  it('reads the clock as the broker gave it', async () => {
    fake.setClock({
      isOpen: false,
      nextOpen: '2024-06-04T09:30:00-04:00',
      nextClose: '2024-06-04T16:00:00-04:00',
    });
    try {
      const c = await broker.clock(account(), observe);
      expect(c).toEqual({
        isOpen: false,
        timestamp: expect.any(String),
        nextOpen: '2024-06-04T09:30:00-04:00',
        nextClose: '2024-06-04T16:00:00-04:00',
      });
      expect(lastRecord()).toMatchObject({ method: 'GET', path: '/v2/clock', status: 200, error: null });
    } finally {
      fake.setClock({ isOpen: true });
    }
  });

  it('reads the last trade’s price from the data API, and null for a symbol without trades (404)', async () => {
    const creds = account();
    fake.setLatestPrice('ACME', 101.23);
    expect(await broker.latestPrice(creds, 'ACME', observe)).toBe(101.23);
    expect(lastRecord()).toMatchObject({ path: '/v2/stocks/ACME/trades/latest', status: 200, error: null });
    expect(await broker.latestPrice(creds, 'NOTRADES', observe)).toBeNull();
    expect(lastRecord()).toMatchObject({ status: 404, error: null });
  });

  it('reads a latest-trade answer without a trade as null, and a trade without a price as malformed', async () => {
    const creds = account();
    fake.garbleNext(1, { status: 404, body: 'Not Found' });
    expect(await broker.latestPrice(creds, 'ACME')).toBeNull();
    fake.garbleNext(1, { body: '{"symbol":"ACME","trade":null}' });
    expect(await broker.latestPrice(creds, 'ACME')).toBeNull();
    fake.garbleNext(1, { body: '{"symbol":"ACME","trade":{"t":"2024-06-03T14:00:00Z"}}' });
    expect(await failure(broker.latestPrice(creds, 'ACME'))).toMatchObject({
      kind: 'malformed',
      status: 200,
    });
  });
});

describe('Alpaca adapter: orders', () => {
  it('submits a bracket as documented: decimal strings, a limit entry, prices at their increment', async () => {
    const creds = account();
    const req = bracket({ limitPrice: 100.004, takeProfitPrice: 110.006, stopPrice: 95.0049 });
    const o = await broker.submitBracket(creds, req, observe);
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v2/orders' });
    expect(sent?.body).toEqual({
      symbol: 'ACME',
      qty: '10',
      side: 'buy',
      type: 'limit',
      time_in_force: 'day',
      limit_price: '100.00',
      order_class: 'bracket',
      take_profit: { limit_price: '110.01' },
      stop_loss: { stop_price: '95.00' },
      client_order_id: req.clientOrderId,
    });
    expect(lastRecord()).toMatchObject({ requestBody: sent?.body, status: 200, error: null });
    expect(o).toMatchObject({
      clientOrderId: req.clientOrderId,
      symbol: 'ACME',
      side: 'buy',
      type: 'limit',
      qty: 10,
      filledQty: 0,
      filledAvgPrice: null,
      limitPrice: 100,
      stopPrice: null,
      status: 'accepted',
      state: 'open',
      filledAt: null,
    });
    expect(o.legs.map((l) => [l.side, l.type, l.limitPrice, l.stopPrice, l.status, l.state])).toEqual([
      ['sell', 'limit', 110.01, null, 'held', 'open'],
      ['sell', 'stop', null, 95, 'held', 'open'],
    ]);
  });

  it('sends sub-dollar prices with four decimals, which Alpaca accepts below $1', async () => {
    const o = await broker.submitBracket(
      account(),
      bracket({ symbol: 'PENNY', limitPrice: 0.51234, takeProfitPrice: 0.60001, stopPrice: 0.45 }),
    );
    expect(fake.requests.at(-1)?.body).toMatchObject({
      limit_price: '0.5123',
      take_profit: { limit_price: '0.6000' },
      stop_loss: { stop_price: '0.4500' },
    });
    expect(o.limitPrice).toBe(0.5123);
  });

  it('is refused by the stand-in when a price is sent unrounded (so the rounding above is what passes)', async () => {
    const creds = account();
    const res = await fetch(`${fake.url}/v2/orders`, {
      method: 'POST',
      headers: { 'APCA-API-KEY-ID': creds.keyId, 'APCA-API-SECRET-KEY': creds.secret },
      body: JSON.stringify({
        symbol: 'ACME',
        qty: '1',
        side: 'buy',
        type: 'limit',
        time_in_force: 'day',
        limit_price: '100.004',
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 42210000, message: expect.stringContaining('sub-penny') });
  });

  it('reads an order back by our client order id, and null when the broker has none (404)', async () => {
    const creds = account();
    const placed = await broker.submitBracket(creds, bracket());
    const found = await broker.orderByClientId(creds, placed.clientOrderId, observe);
    expect(found).toMatchObject({
      id: placed.id,
      clientOrderId: placed.clientOrderId,
      status: 'new',
      state: 'open',
    });
    expect(lastRecord().path).toBe(
      `/v2/orders:by_client_order_id?client_order_id=${encodeURIComponent(placed.clientOrderId)}`,
    );
    expect(await broker.orderByClientId(creds, 'bw-never-placed', observe)).toBeNull();
    expect(lastRecord()).toMatchObject({ status: 404, error: null });
  });

  it('reads an order by id with its legs (nested=true)', async () => {
    const creds = account();
    const placed = await broker.submitBracket(creds, bracket());
    const o = await broker.order(creds, placed.id, observe);
    expect(lastRecord().path).toBe(`/v2/orders/${placed.id}?nested=true`);
    expect(o.status).toBe('new');
    expect(o.legs.map((l) => l.id)).toEqual(placed.legs.map((l) => l.id));
    expect(o.legs.every((l) => l.status === 'held' && l.state === 'open')).toBe(true);
  });

  it('reads a partial fill, then the full fill (legs activated), then the take-profit (stop canceled)', async () => {
    const creds = account();
    const placed = await broker.submitBracket(creds, bracket());
    fake.fill(placed.id, { qty: 4, price: 100 });
    const partial = await broker.order(creds, placed.id);
    expect(partial).toMatchObject({ status: 'partially_filled', state: 'partially_filled', filledQty: 4 });
    expect(partial.filledAvgPrice).toBe(100);
    expect(partial.legs.map((l) => l.status)).toEqual(['held', 'held']);

    fake.fill(placed.id, { price: 99.5 });
    const full = await broker.order(creds, placed.id);
    expect(full).toMatchObject({
      status: 'filled',
      state: 'filled',
      filledQty: 10,
      filledAt: expect.any(String),
    });
    expect(full.filledAvgPrice).toBeCloseTo((4 * 100 + 6 * 99.5) / 10, 9);
    expect(full.legs.map((l) => l.status)).toEqual(['new', 'new']);

    fake.fillLeg(placed.id, 'take_profit', 110);
    const done = await broker.order(creds, placed.id);
    expect(done.legs.map((l) => [l.type, l.state])).toEqual([
      ['limit', 'filled'],
      ['stop', 'canceled'],
    ]);
    expect(done.legs[1]?.canceledAt).toEqual(expect.any(String));
  });

  it('lists the position a fill opened, with its entry price and value at the last trade', async () => {
    const creds = account();
    expect(await broker.positions(creds, observe)).toEqual([]);
    const placed = await broker.submitBracket(creds, bracket({ symbol: 'POSN', qty: 10 }));
    fake.fill(placed.id, { price: 99.7 });
    fake.setLatestPrice('POSN', 105);
    const positions = await broker.positions(creds, observe);
    expect(lastRecord()).toMatchObject({ method: 'GET', path: '/v2/positions', status: 200 });
    expect(positions).toHaveLength(1);
    expect(positions[0]?.symbol).toBe('POSN');
    expect(positions[0]?.qty).toBe(10);
    expect(positions[0]?.avgEntryPrice).toBeCloseTo(99.7, 9);
    expect(positions[0]?.marketValue).toBeCloseTo(1050, 9);
    expect(positions[0]?.unrealizedPl).toBeCloseTo(53, 6);
  });

  it('cancels an open bracket and its legs (204); a filled order is rejected (422); an unknown id is not_found', async () => {
    const creds = account();
    const placed = await broker.submitBracket(creds, bracket());
    await broker.cancel(creds, placed.id, observe);
    expect(lastRecord()).toMatchObject({
      method: 'DELETE',
      path: `/v2/orders/${placed.id}`,
      status: 204,
      error: null,
    });
    const canceled = await broker.order(creds, placed.id);
    expect([canceled.state, ...canceled.legs.map((l) => l.state)]).toEqual([
      'canceled',
      'canceled',
      'canceled',
    ]);

    const filled = await broker.submitBracket(creds, bracket());
    fake.fill(filled.id, { price: 100 });
    const refused = await failure(broker.cancel(creds, filled.id, observe));
    expect(refused).toMatchObject({ kind: 'rejected', status: 422, brokerCode: '42210000' });
    expect(lastRecord().error).toBe(refused.message);

    const missing = await failure(broker.cancel(creds, '5e1a1d3c-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('cancels every open order and returns the ids the broker reports it is cancelling (207)', async () => {
    const creds = account();
    const a = await broker.submitBracket(creds, bracket());
    const b = await broker.submitBracket(creds, bracket({ symbol: 'BETA' }));
    const filled = await broker.submitBracket(creds, bracket({ symbol: 'GAMMA' }));
    fake.fill(filled.id, { price: 100 });
    const ids = await broker.cancelAll(creds, observe);
    expect(lastRecord()).toMatchObject({ method: 'DELETE', path: '/v2/orders', status: 207, error: null });
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id, ...filled.legs.map((l) => l.id)]));
    expect(ids).not.toContain(filled.id);
    for (const id of [a.id, b.id]) expect((await broker.order(creds, id)).state).toBe('canceled');
  });

  it('leaves out of cancelAll’s ids the orders the broker failed to cancel (per-order status 500)', async () => {
    fake.garbleNext(1, {
      status: 207,
      body: '[{"id":"o-1","status":200},{"id":"o-2","status":500,"body":{"code":50010000,"message":"failed"}}]',
    });
    expect(await broker.cancelAll(account())).toEqual(['o-1']);
  });

  it('queues a day order while the market is closed (accepted), and refuses it when the stand-in is told to', async () => {
    const creds = account();
    fake.setClock({ isOpen: false });
    try {
      const queued = await broker.submitBracket(creds, bracket());
      expect((await broker.order(creds, queued.id)).status).toBe('accepted');
      fake.rejectWhenClosed = true;
      const refused = await failure(broker.submitBracket(creds, bracket()));
      expect(refused).toMatchObject({ kind: 'rejected', status: 422, brokerCode: '42210000' });
      fake.setClock({ isOpen: true });
      expect((await broker.order(creds, queued.id)).status).toBe('new');
    } finally {
      fake.rejectWhenClosed = false;
      fake.setClock({ isOpen: true });
    }
  });

  it('routes a live connection to the live host and a paper one to the paper host', async () => {
    const live = await startFakeAlpaca();
    try {
      const split = new AlpacaBroker({ tradingUrls: { paper: fake.url, live: live.url }, dataUrl: fake.url });
      const creds = account();
      live.addAccount({ keyId: creds.keyId, secret: creds.secret, buyingPower: 777 });
      expect((await split.account({ ...creds, environment: 'live' })).buyingPower).toBe(777);
      expect((await split.account(creds)).buyingPower).toBe(100_000);
    } finally {
      await live.close();
    }
  });
});

describe('Alpaca adapter: failures', () => {
  it('reads a refused key as unauthorized (401)', async () => {
    const creds = account();
    const e = await failure(broker.account({ ...creds, secret: `${creds.secret}-rotated` }, observe));
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(lastRecord()).toMatchObject({
      status: 401,
      responseBody: { message: 'unauthorized.' },
      error: e.message,
    });
  });

  it('refuses credentials that cannot travel as a header without sending a request', async () => {
    const before = fake.requests.length;
    const e = await failure(
      broker.account({ environment: 'paper', keyId: 'PK\nINJECTED', secret: 'x y' }, observe),
    );
    expect(e).toMatchObject({ kind: 'unauthorized', status: undefined });
    expect(fake.requests).toHaveLength(before);
    expect(lastRecord()).toMatchObject({ status: null, responseBody: null, error: e.message });
  });

  it('reads insufficient buying power (403 with a code) as rejected, with the broker’s code and message', async () => {
    const creds = account({ buyingPower: 500 });
    const e = await failure(broker.submitBracket(creds, bracket({ qty: 10, limitPrice: 100 }), observe));
    expect(e).toMatchObject({
      kind: 'rejected',
      status: 403,
      brokerCode: '40310000',
      brokerMessage: 'insufficient buying power',
    });
    expect(lastRecord()).toMatchObject({
      status: 403,
      responseBody: { code: 40310000, message: 'insufficient buying power' },
      error: e.message,
    });
  });

  it('reads a 403 without a business code as unauthorized (the data API’s “forbidden.”)', async () => {
    fake.garbleNext(1, { status: 403, body: '{"message":"forbidden."}' });
    expect(await failure(broker.latestPrice(account(), 'ACME'))).toMatchObject({
      kind: 'unauthorized',
      status: 403,
    });
    fake.garbleNext(1, {
      status: 403,
      body: '{"code":40110000,"message":"token is not authorized for this scope"}',
    });
    expect(await failure(broker.account(account()))).toMatchObject({
      kind: 'unauthorized',
      brokerCode: '40110000',
    });
  });

  it('reads an invalid quantity (422) as rejected with the broker’s code and message', async () => {
    const creds = account();
    expect(await failure(broker.submitBracket(creds, bracket({ qty: 0 })))).toMatchObject({
      kind: 'rejected',
      status: 422,
      brokerCode: '40010001',
      brokerMessage: 'qty must be > 0',
    });
    expect(await failure(broker.submitBracket(creds, bracket({ qty: 1.5 })))).toMatchObject({
      kind: 'rejected',
      status: 422,
      brokerCode: '42210000',
    });
    expect(await failure(broker.submitBracket(creds, bracket({ stopPrice: 100 })))).toMatchObject({
      kind: 'rejected',
      status: 422,
      brokerMessage: expect.stringContaining('stop_loss.stop_price'),
    });
  });

  it('reads a reused client order id (422 "client_order_id must be unique") as duplicate', async () => {
    const creds = account();
    const req = bracket();
    await broker.submitBracket(creds, req);
    const e = await failure(broker.submitBracket(creds, req, observe));
    expect(e).toMatchObject({ kind: 'duplicate', status: 422, brokerCode: '40010001' });
    expect(lastRecord().error).toBe(e.message);
  });

  it('reads an unknown order (404) as not_found', async () => {
    const e = await failure(broker.order(account(), '5e1a1d3c-0000-4000-8000-000000000001', observe));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, brokerCode: '40410000' });
  });

  it('reads the rate limit (429) as throttled, with Retry-After when the broker sent one', async () => {
    const creds = account();
    fake.failNext(1, { status: 429, retryAfter: 7, path: /^\/v2\/account/ });
    expect(await failure(broker.account(creds, observe))).toMatchObject({
      kind: 'throttled',
      status: 429,
      retryAfterSeconds: 7,
    });
    expect(lastRecord()).toMatchObject({ status: 429 });
    fake.failNext(1, { status: 429 });
    const plain = await failure(broker.account(creds));
    expect(plain.kind).toBe('throttled');
    expect(plain.retryAfterSeconds).toBeUndefined();
  });

  it('reads a 5xx as unavailable', async () => {
    const creds = account();
    fake.failNext(1, { status: 500 });
    expect(await failure(broker.positions(creds))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.failNext(1, { status: 503 });
    expect(await failure(broker.clock(creds))).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('reads a broker that never answers as unavailable after timeoutMs, with no status', async () => {
    const quick = new AlpacaBroker({
      tradingUrls: { paper: fake.url, live: fake.url },
      dataUrl: fake.url,
      timeoutMs: 150,
    });
    fake.hangNext(1, { path: /^\/v2\/clock/ });
    const started = Date.now();
    const e = await failure(quick.clock(account(), observe));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(e).toMatchObject({ kind: 'unavailable', status: undefined });
    expect(e.message).toContain('timed out');
    expect(lastRecord()).toMatchObject({ status: null, responseBody: null, error: e.message });
    expect(lastRecord().durationMs).toBeGreaterThanOrEqual(100);
  });

  it('reads a refused connection as unavailable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const gone = `http://127.0.0.1:${port}`;
    const nowhere = new AlpacaBroker({ tradingUrls: { paper: gone, live: gone }, dataUrl: gone });
    const e = await failure(nowhere.account(account(), observe));
    expect(e).toMatchObject({ kind: 'unavailable', status: undefined });
    expect(e.message).toContain('connection failed');
  });

  it('does not follow a redirect, so the credentials never travel to where it points', async () => {
    const elsewhere: http.IncomingHttpHeaders[] = [];
    const target = http.createServer((req, res) => {
      elsewhere.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const to = `http://127.0.0.1:${(target.address() as AddressInfo).port}/v2/account`;
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(307, { location: to });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const from = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const moved = new AlpacaBroker({ tradingUrls: { paper: from, live: from }, dataUrl: from });
      const e = await failure(moved.account(account(), observe));
      expect(e).toMatchObject({ kind: 'unavailable', status: undefined });
      expect(e.message).toContain('redirect');
      expect(elsewhere).toEqual([]);
    } finally {
      await Promise.all([target, redirecting].map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });

  it('reads a truncated body, a body without the documented fields, and text as malformed', async () => {
    const creds = account();
    fake.garbleNext(1, { path: /^\/v2\/account/ });
    expect(await failure(broker.account(creds, observe))).toMatchObject({ kind: 'malformed', status: 200 });
    expect(typeof lastRecord().responseBody).toBe('string');

    const placed = await broker.submitBracket(creds, bracket());
    fake.garbleNext(1, { body: JSON.stringify({ id: placed.id, status: 'new' }) });
    expect(await failure(broker.order(creds, placed.id))).toMatchObject({ kind: 'malformed', status: 200 });

    fake.garbleNext(1, { body: '<html>'.padEnd(5_000, 'x') });
    const e = await failure(broker.positions(creds, observe));
    expect(e.kind).toBe('malformed');
    expect(lastRecord().responseBody).toHaveLength(2_000);
    expect(lastRecord().error).toBe(e.message);
  });

  it('reads an order created but answered 500 as unavailable, and finds it afterwards by its client order id', async () => {
    const creds = account();
    const req = bracket();
    fake.acceptThenFail(1, { path: /^\/v2\/orders$/, status: 500 });
    expect(await failure(broker.submitBracket(creds, req))).toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
    expect(fake.orders(creds.keyId)).toHaveLength(1);
    expect(await broker.orderByClientId(creds, req.clientOrderId)).toMatchObject({
      clientOrderId: req.clientOrderId,
    });
  });

  it('keeps a broker message to 300 characters', async () => {
    fake.garbleNext(1, { status: 422, body: JSON.stringify({ code: 42210000, message: 'm'.repeat(1_000) }) });
    const e = await failure(broker.submitBracket(account(), bracket()));
    expect(e.kind).toBe('rejected');
    expect(e.brokerMessage).toHaveLength(300);
  });

  it('reports every call to the observer exactly once, success or failure', async () => {
    const creds = account();
    const mine: BrokerCallRecord[] = [];
    const one = (r: BrokerCallRecord) => mine.push(r);
    await broker.account(creds, one);
    fake.failNext(1, { status: 503 });
    await failure(broker.positions(creds, one));
    fake.garbleNext(1, { body: '{}' });
    await failure(broker.clock(creds, one));
    expect(mine.map((r) => [r.method, r.path, r.status, r.error === null])).toEqual([
      ['GET', '/v2/account', 200, true],
      ['GET', '/v2/positions', 503, false],
      ['GET', '/v2/clock', 200, false],
    ]);
    records.push(...mine);
  });
});

describe('Alpaca order status words (https://alpaca.markets/docs/trading/orders/ "Order Lifecycle")', () => {
  it('reads each documented word as our state', () => {
    const open = [
      'new',
      'accepted',
      'pending_new',
      'accepted_for_bidding',
      'pending_replace',
      'replaced',
      'held',
      'calculated',
      'stopped',
      'suspended',
    ];
    for (const s of open) expect(orderState(s, 0)).toBe('open');
    expect(orderState('partially_filled', 3)).toBe('partially_filled');
    expect(orderState('filled', 10)).toBe('filled');
    expect(orderState('done_for_day', 0)).toBe('expired');
    expect(orderState('expired', 0)).toBe('expired');
    expect(orderState('canceled', 0)).toBe('canceled');
    expect(orderState('rejected', 0)).toBe('rejected');
  });

  it('keeps watching an order waiting to be canceled (pending_cancel can still fill) and a word not yet documented', () => {
    expect(orderState('pending_cancel', 0)).toBe('open');
    expect(orderState('pending_cancel', 4)).toBe('partially_filled');
    expect(orderState('some_future_status', 0)).toBe('open');
  });

  it('reads an order whose side is not buy or sell as malformed', () => {
    const order = {
      id: 'o',
      client_order_id: 'c',
      symbol: 'ACME',
      side: 'short',
      type: 'limit',
      qty: '1',
      filled_qty: '0',
      status: 'new',
    };
    expect(() => readOrder(order)).toThrow(/side/);
    expect(readOrder({ ...order, side: 'sell' }).legs).toEqual([]);
  });
});
