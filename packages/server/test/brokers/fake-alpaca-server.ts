/**
 * A loopback stand-in for Alpaca: the Trading API v2 and the Market Data API's latest trade on one origin
 * (127.0.0.1, a free port, node:http), with accounts keyed by API key id, each with its own orders and
 * positions, and a control API for tests (fills, clock, prices, faults).
 *
 * Documented behaviour it follows (github.com/alpacahq/alpaca-docs unless a URL is given):
 * - Auth: the key id and secret in `APCA-API-KEY-ID` / `APCA-API-SECRET-KEY`; a missing or refused pair is
 *   401 `{"message": "unauthorized."}` — the body Alpaca's troubleshooting guide shows ("unauthorized",
 *   https://alpaca.markets/learn/how-to-fix-common-trading-api-errors-at-alpaca) as captured from
 *   paper-api /v2/account, with no `code`.
 * - Errors are `{code, message}`: 403 40310000 for buying power ("Buying power or shares is not
 *   sufficient", orders.yaml; "insufficient buying power"), 422 for input it refuses — 40010001 with
 *   "client_order_id must be unique", 42210000 for order validation, as the options trading overview's
 *   error tables list them (docs.alpaca.markets, "Error Responses"); 404 40410000 for no such order.
 *   Messages not quoted in a public page are this stand-in's own wording (they "can change without
 *   notice"; the code and status are the contract).
 * - Buying power: an opening order's value (limit × qty) is checked against the buying power less what
 *   open buy orders hold (content/trading/orders.md "Buying Power"). The account's fields do not move.
 * - Prices: at most two decimals from $1.00, four below ("sub-penny increment does not fulfill minimum
 *   pricing criteria" otherwise, 422 42210000).
 * - Bracket orders: `take_profit.limit_price` and `stop_loss.stop_price` required, time in force day or
 *   gtc; for a buy the take-profit is above the entry limit and the stop at least $0.01 below it ("the
 *   base price"), mirrored for a sell (content/trading/orders.md "Bracket Orders", "Threshold on stop
 *   price"). The legs (a limit and a stop, the other side) stay `held` until the entry fills completely;
 *   once one leg fills the other is canceled; canceling any order of the group cancels the rest.
 * - Status words: a new order answers `accepted` and is `new` once routed; "orders … submitted after 4:00pm
 *   ET will be queued up for release the next trading day" (`accepted`, "seen often outside of trading
 *   session hours"), so a closed clock queues an order by default; refusing it (any time in force, as an
 *   account or asset that takes no orders off hours) is the opt-in failure mode `rejectWhenClosed` (422 42210000).
 * - DELETE /v2/orders/{id} answers 204, 404, or 422 for an order no longer cancelable; DELETE /v2/orders
 *   answers 207 with `{id, status, body}` per order; GET /v2/orders/{id}?nested=true puts the legs under
 *   `legs` (null otherwise); positions carry decimal strings, negative quantities for shorts.
 * - GET /v2/stocks/{symbol}/trades/latest answers `{symbol, trade: {t, x, p, s, c, i, z}}`
 *   (data/webapi/entities/latest-trade-v2.yaml), 404 when it has none.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Side = 'buy' | 'sell';
type Leg = 'take_profit' | 'stop_loss';

export interface FakeAccountInit {
  readonly keyId: string;
  readonly secret: string;
  readonly accountNumber?: string;
  readonly buyingPower?: number;
  readonly equity?: number;
  readonly currency?: string;
  readonly tradingBlocked?: boolean;
}

/** A request as the stand-in received it (headers lower-cased by node). */
export interface SeenRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON, its text when it is not JSON, or null when empty. */
  readonly body: unknown;
}

interface FakeOrder {
  readonly id: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: 'limit' | 'stop';
  readonly timeInForce: string;
  qty: number;
  filledQty: number;
  filledAvgPrice: number | null;
  readonly limitPrice: string | null;
  readonly stopPrice: string | null;
  status: string;
  readonly orderClass: 'simple' | 'bracket';
  readonly createdAt: string;
  updatedAt: string;
  filledAt: string | null;
  canceledAt: string | null;
  readonly legs: FakeOrder[];
  readonly parent: FakeOrder | null;
  readonly leg: Leg | null;
}

interface Holding {
  qty: number;
  avgEntryPrice: number;
  lastFillPrice: number;
}

interface FakeAccount {
  readonly init: Required<FakeAccountInit>;
  readonly orders: FakeOrder[];
  readonly holdings: Map<string, Holding>;
}

interface Fault {
  readonly kind: 'fail' | 'hang' | 'acceptThenFail' | 'garble';
  remaining: number;
  readonly path: RegExp | undefined;
  readonly status: number;
  readonly retryAfter: number | undefined;
  readonly body: string | undefined;
}

interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

const FINAL = new Set(['filled', 'canceled', 'expired', 'rejected', 'done_for_day', 'replaced']);
const DECIMAL = /^\d+(\.\d+)?$/;

const now = () => new Date().toISOString();
const fmt = (n: number) => String(Number(n.toFixed(6)));
const err = (status: number, code: number, message: string): Reply => ({ status, body: { code, message } });

/** Digits after the point of a decimal string, trailing zeros aside ("150.10" has one). */
function decimalsOf(value: string): number {
  return (value.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** A positive decimal price at its increment, or the reply refusing it. */
function price(value: unknown, field: string): number | Reply {
  const s = typeof value === 'number' ? String(value) : value;
  if (typeof s !== 'string' || !DECIMAL.test(s) || Number(s) <= 0)
    return err(422, 40010001, `invalid ${field}`);
  if (decimalsOf(s) > (Number(s) >= 1 ? 2 : 4))
    return err(
      422,
      42210000,
      `invalid ${field} ${s}. sub-penny increment does not fulfill minimum pricing criteria`,
    );
  return Number(s);
}

const isReply = (x: unknown): x is Reply => typeof x === 'object' && x !== null && 'status' in x;

export class FakeAlpaca {
  readonly requests: SeenRequest[] = [];
  /** Refuse `day` orders while the clock is closed (Alpaca queues them; this is the opt-in failure). */
  rejectWhenClosed = false;
  readonly #server: http.Server;
  readonly #accounts = new Map<string, FakeAccount>();
  readonly #faults: Fault[] = [];
  readonly #hanging = new Set<http.ServerResponse>();
  readonly #prices = new Map<string, number>();
  readonly #assetIds = new Map<string, string>();
  #clock = { isOpen: true, nextOpen: '2024-06-04T09:30:00-04:00', nextClose: '2024-06-03T16:00:00-04:00' };
  #tradeId = 1;

  constructor(server: http.Server) {
    this.#server = server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  addAccount(init: FakeAccountInit): void {
    this.#accounts.set(init.keyId, {
      init: {
        accountNumber: `PA${init.keyId.slice(-8).toUpperCase()}`,
        buyingPower: 100_000,
        equity: 50_000,
        currency: 'USD',
        tradingBlocked: false,
        ...init,
      },
      orders: [],
      holdings: new Map(),
    });
  }

  /** Opening the clock routes the orders it queued (`accepted` → `new`). */
  setClock(clock: { isOpen: boolean; nextOpen?: string; nextClose?: string }): void {
    this.#clock = { ...this.#clock, ...clock };
    if (clock.isOpen)
      for (const a of this.#accounts.values())
        for (const o of a.orders) if (o.status === 'accepted') this.#touch(o, 'new');
  }

  setLatestPrice(symbol: string, p: number): void {
    this.#prices.set(symbol, p);
  }

  /** The account's orders as GET /v2/orders?nested=true would show them. */
  orders(keyId: string): Json[] {
    return (this.#accounts.get(keyId)?.orders ?? []).map((o) => this.#json(o, true));
  }

  /** Fills `qty` (default: what remains) of an order at `price`; a bracket's entry filled activates its legs. */
  fill(orderId: string, f: { qty?: number; price: number }): void {
    const { account, order } = this.#find(orderId);
    if (!['accepted', 'new', 'partially_filled'].includes(order.status))
      throw new Error(`order ${orderId} is ${order.status}: nothing to fill`);
    const qty = f.qty ?? order.qty - order.filledQty;
    if (qty <= 0 || order.filledQty + qty > order.qty) throw new Error(`cannot fill ${qty} of ${orderId}`);
    order.filledAvgPrice =
      ((order.filledAvgPrice ?? 0) * order.filledQty + f.price * qty) / (order.filledQty + qty);
    order.filledQty += qty;
    const full = order.filledQty === order.qty;
    this.#touch(order, full ? 'filled' : 'partially_filled');
    if (full) order.filledAt = order.updatedAt;
    this.#hold(account, order.symbol, order.side === 'buy' ? qty : -qty, f.price);
    if (full) for (const leg of order.legs) if (leg.status === 'held') this.#touch(leg, 'new');
    const sibling = order.parent?.legs.find((l) => l !== order);
    if (sibling === undefined || FINAL.has(sibling.status)) return;
    if (full) this.#cancel(sibling);
    // "If the take-profit order is partially filled, the stop-loss order will be adjusted to the remaining quantity."
    else sibling.qty = order.qty - order.filledQty;
  }

  /** Fills a bracket's take-profit or stop-loss leg completely; the other leg is canceled. */
  fillLeg(parentId: string, leg: Leg, p: number): void {
    const target = this.#find(parentId).order.legs.find((l) => l.leg === leg);
    if (target === undefined) throw new Error(`order ${parentId} has no ${leg} leg`);
    this.fill(target.id, { price: p });
  }

  /** The next `n` requests (matching `path`) are answered `status` without being handled. */
  failNext(n: number, o: { status: 429 | 500 | 503; retryAfter?: number; path?: RegExp }): void {
    this.#fault('fail', n, o.path, o.status, o.retryAfter);
  }

  /** The next `n` requests (matching `path`) are accepted and never answered. */
  hangNext(n: number, o: { path?: RegExp } = {}): void {
    this.#fault('hang', n, o.path, 0);
  }

  /** The next `n` requests (matching `path`) are handled (an order is created) but answered `status`. */
  acceptThenFail(n: number, o: { path?: RegExp; status: 500 }): void {
    this.#fault('acceptThenFail', n, o.path, o.status);
  }

  /**
   * The next `n` requests (matching `path`) are handled but answered `status` (default 200) with `body`
   * (default: their own answer cut in half, as a dropped connection leaves it).
   */
  garbleNext(n: number, o: { path?: RegExp; status?: number; body?: string } = {}): void {
    this.#fault('garble', n, o.path, o.status ?? 200, undefined, o.body);
  }

  async close(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  /** Node's request handler. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text === '' ? null : text;
    try {
      if (text !== '') body = JSON.parse(text);
    } catch {
      // Kept as text: POST /v2/orders refuses it.
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname + url.search;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, headers: req.headers, body });

    const fault = this.#faults.find((f) => f.remaining > 0 && (f.path === undefined || f.path.test(path)));
    if (fault !== undefined) fault.remaining -= 1;
    if (fault?.kind === 'hang') {
      this.#hanging.add(res);
      return;
    }
    if (fault?.kind === 'fail') {
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      const reply =
        fault.status === 429
          ? err(429, 42910000, 'rate limit exceeded')
          : err(fault.status, 50010000, 'internal server error');
      return this.#send(res, reply, headers);
    }
    const reply = this.#route(method, url, req.headers, body);
    if (fault?.kind === 'acceptThenFail')
      return this.#send(res, err(fault.status, 50010000, 'internal server error'));
    if (fault?.kind === 'garble') {
      const full = JSON.stringify(reply.body ?? null);
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(fault.body ?? full.slice(0, Math.floor(full.length / 2)));
      return;
    }
    this.#send(res, reply);
  }

  #route(method: string, url: URL, headers: http.IncomingHttpHeaders, body: unknown): Reply {
    const account = this.#accounts.get(String(headers['apca-api-key-id'] ?? ''));
    if (account === undefined || headers['apca-api-secret-key'] !== account.init.secret)
      return { status: 401, body: { message: 'unauthorized.' } };
    const p = url.pathname;
    const trade = /^\/v2\/stocks\/([^/]+)\/trades\/latest$/.exec(p);
    if (method === 'GET' && trade !== null) return this.#latestTrade(decodeURIComponent(trade[1] as string));
    if (method === 'GET' && p === '/v2/account') return { status: 200, body: this.#accountJson(account) };
    if (method === 'GET' && p === '/v2/clock')
      return {
        status: 200,
        body: {
          timestamp: now(),
          is_open: this.#clock.isOpen,
          next_open: this.#clock.nextOpen,
          next_close: this.#clock.nextClose,
        },
      };
    if (method === 'GET' && p === '/v2/positions') return { status: 200, body: this.#positionsJson(account) };
    const nested = url.searchParams.get('nested') === 'true';
    if (method === 'GET' && p === '/v2/orders:by_client_order_id') {
      const o = account.orders.find((x) => x.clientOrderId === url.searchParams.get('client_order_id'));
      return o === undefined
        ? err(404, 40410000, 'order not found')
        : { status: 200, body: this.#json(o, nested) };
    }
    if (method === 'POST' && p === '/v2/orders') return this.#submit(account, body);
    if (method === 'DELETE' && p === '/v2/orders') return this.#cancelAll(account);
    const one = /^\/v2\/orders\/([^/]+)$/.exec(p);
    const order =
      one === null
        ? undefined
        : this.#all(account).find((o) => o.id === decodeURIComponent(one[1] as string));
    if (one !== null && order === undefined) return err(404, 40410000, 'order not found');
    if (method === 'GET' && order !== undefined) return { status: 200, body: this.#json(order, nested) };
    if (method === 'DELETE' && order !== undefined) {
      if (FINAL.has(order.status)) return err(422, 42210000, `order is already in "${order.status}" state`);
      this.#cancel(order.parent ?? order);
      return { status: 204 };
    }
    return err(404, 40410000, 'endpoint not found');
  }

  #submit(account: FakeAccount, body: unknown): Reply {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return err(400, 40010000, 'request body format is invalid');
    const b = body as Json;
    if (account.init.tradingBlocked) return err(403, 40310000, 'account is not allowed to trade');
    if (typeof b['symbol'] !== 'string' || b['symbol'] === '')
      return err(422, 40010001, 'symbol is required');
    const side = b['side'];
    if (side !== 'buy' && side !== 'sell') return err(422, 40010001, 'invalid side');
    if (b['type'] !== 'limit') return err(422, 42210000, 'the stand-in takes limit orders only');
    const bracket = b['order_class'] === 'bracket';
    const tif = b['time_in_force'];
    if (
      typeof tif !== 'string' ||
      !(bracket ? ['day', 'gtc'] : ['day', 'gtc', 'opg', 'cls', 'ioc', 'fok']).includes(tif)
    )
      return err(422, 42210000, 'invalid time_in_force');
    const qtyText = typeof b['qty'] === 'number' ? String(b['qty']) : b['qty'];
    if (typeof qtyText !== 'string' || !DECIMAL.test(qtyText) || Number(qtyText) <= 0)
      return err(422, 40010001, 'qty must be > 0');
    const qty = Number(qtyText);
    if (!Number.isInteger(qty))
      return err(
        422,
        42210000,
        bracket ? 'fractional orders must be simple orders' : 'fractional orders must be market orders',
      );
    if (b['limit_price'] === undefined) return err(422, 42210000, 'limit price is required for limit orders');
    const limit = price(b['limit_price'], 'limit_price');
    if (isReply(limit)) return limit;
    const legs: { leg: Leg; type: 'limit' | 'stop'; price: string }[] = [];
    if (bracket) {
      const tp = (b['take_profit'] as Json | undefined)?.['limit_price'];
      const sl = (b['stop_loss'] as Json | undefined)?.['stop_price'];
      if (tp === undefined || sl === undefined)
        return err(422, 40010001, 'bracket orders require take_profit.limit_price and stop_loss.stop_price');
      const takeProfit = price(tp, 'take_profit.limit_price');
      if (isReply(takeProfit)) return takeProfit;
      const stop = price(sl, 'stop_loss.stop_price');
      if (isReply(stop)) return stop;
      const up = side === 'buy' ? 1 : -1;
      if (up * (takeProfit - limit) < 0.01 - 1e-9)
        return err(
          422,
          42210000,
          `take_profit.limit_price must be ${side === 'buy' ? '>=' : '<='} base_price ${side === 'buy' ? '+' : '-'} 0.01`,
        );
      if (up * (limit - stop) < 0.01 - 1e-9)
        return err(
          422,
          42210000,
          `stop_loss.stop_price must be ${side === 'buy' ? '<=' : '>='} base_price ${side === 'buy' ? '-' : '+'} 0.01`,
        );
      legs.push(
        { leg: 'take_profit', type: 'limit', price: String(tp) },
        { leg: 'stop_loss', type: 'stop', price: String(sl) },
      );
    }
    const clientOrderId = b['client_order_id'] ?? randomUUID();
    if (typeof clientOrderId !== 'string' || clientOrderId.length > 48)
      return err(422, 40010001, 'client_order_id must be no more than 48 characters');
    if (this.#all(account).some((o) => o.clientOrderId === clientOrderId))
      return err(422, 40010001, 'client_order_id must be unique');
    if (this.rejectWhenClosed && !this.#clock.isOpen) return err(422, 42210000, 'market is closed');
    const held = account.holdings.get(b['symbol'])?.qty ?? 0;
    const opening = side === 'buy' || held < qty;
    if (opening && qty * limit > account.init.buyingPower - this.#committed(account) + 1e-9)
      return err(403, 40310000, 'insufficient buying power');

    const order = this.#order(
      {
        cid: clientOrderId,
        symbol: b['symbol'],
        side,
        type: 'limit',
        tif,
        qty,
        limit: String(b['limit_price']),
      },
      bracket,
    );
    for (const l of legs) {
      const at = l.type === 'limit' ? { limit: l.price } : { stop: l.price };
      const other = side === 'buy' ? 'sell' : 'buy';
      order.legs.push(
        this.#order(
          { cid: randomUUID(), symbol: order.symbol, side: other, type: l.type, tif, qty, ...at },
          true,
          order,
          l.leg,
        ),
      );
    }
    account.orders.push(order);
    const answer = this.#json(order, true);
    if (this.#clock.isOpen) this.#touch(order, 'new');
    return { status: 200, body: answer };
  }

  #order(
    o: {
      cid: string;
      symbol: string;
      side: Side;
      type: 'limit' | 'stop';
      tif: string;
      qty: number;
      limit?: string;
      stop?: string;
    },
    bracket: boolean,
    parent: FakeOrder | null = null,
    leg: Leg | null = null,
  ): FakeOrder {
    const at = now();
    return {
      id: randomUUID(),
      clientOrderId: o.cid,
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      timeInForce: o.tif,
      qty: o.qty,
      filledQty: 0,
      filledAvgPrice: null,
      limitPrice: o.limit ?? null,
      stopPrice: o.stop ?? null,
      status: parent === null ? 'accepted' : 'held',
      orderClass: bracket ? 'bracket' : 'simple',
      createdAt: at,
      updatedAt: at,
      filledAt: null,
      canceledAt: null,
      legs: [],
      parent,
      leg,
    };
  }

  #cancelAll(account: FakeAccount): Reply {
    const open = this.#all(account).filter((o) => !FINAL.has(o.status));
    for (const o of open) this.#cancel(o);
    return { status: 207, body: open.map((o) => ({ id: o.id, status: 200, body: this.#json(o, false) })) };
  }

  /** Cancels an order and its open legs. */
  #cancel(order: FakeOrder): void {
    for (const o of [order, ...order.legs])
      if (!FINAL.has(o.status)) {
        this.#touch(o, 'canceled');
        o.canceledAt = o.updatedAt;
      }
  }

  #committed(account: FakeAccount): number {
    return account.orders
      .filter((o) => o.side === 'buy' && !FINAL.has(o.status))
      .reduce((sum, o) => sum + (o.qty - o.filledQty) * Number(o.limitPrice), 0);
  }

  #hold(account: FakeAccount, symbol: string, signedQty: number, p: number): void {
    const h = account.holdings.get(symbol) ?? { qty: 0, avgEntryPrice: 0, lastFillPrice: p };
    const qty = h.qty + signedQty;
    if (h.qty === 0 || Math.sign(qty) !== Math.sign(h.qty)) h.avgEntryPrice = p;
    else if (Math.abs(qty) > Math.abs(h.qty))
      h.avgEntryPrice = (h.avgEntryPrice * h.qty + p * signedQty) / qty;
    h.qty = qty;
    h.lastFillPrice = p;
    account.holdings.set(symbol, h);
  }

  #all(account: FakeAccount): FakeOrder[] {
    return account.orders.flatMap((o) => [o, ...o.legs]);
  }

  #find(orderId: string): { account: FakeAccount; order: FakeOrder } {
    for (const account of this.#accounts.values()) {
      const order = this.#all(account).find((o) => o.id === orderId);
      if (order !== undefined) return { account, order };
    }
    throw new Error(`no order ${orderId}`);
  }

  #touch(order: FakeOrder, status: string): void {
    order.status = status;
    order.updatedAt = now();
  }

  #fault(
    kind: Fault['kind'],
    n: number,
    path: RegExp | undefined,
    status: number,
    retryAfter?: number,
    body?: string,
  ) {
    this.#faults.push({ kind, remaining: n, path, status, retryAfter, body });
  }

  #latestTrade(symbol: string): Reply {
    const p = this.#prices.get(symbol);
    if (p === undefined) return err(404, 40410000, `no trade found for ${symbol}`);
    return {
      status: 200,
      body: { symbol, trade: { t: now(), x: 'V', p, s: 100, c: ['@'], i: this.#tradeId++, z: 'C' } },
    };
  }

  #assetId(symbol: string): string {
    const id = this.#assetIds.get(symbol) ?? randomUUID();
    this.#assetIds.set(symbol, id);
    return id;
  }

  #accountJson(a: FakeAccount): Json {
    const i = a.init;
    return {
      id: randomUUID(),
      account_number: i.accountNumber,
      status: 'ACTIVE',
      currency: i.currency,
      cash: fmt(i.equity),
      portfolio_value: fmt(i.equity),
      pattern_day_trader: false,
      trade_suspended_by_user: false,
      trading_blocked: i.tradingBlocked,
      transfers_blocked: false,
      account_blocked: false,
      created_at: '2024-01-02T15:00:00Z',
      shorting_enabled: true,
      long_market_value: '0',
      short_market_value: '0',
      equity: fmt(i.equity),
      last_equity: fmt(i.equity),
      multiplier: '2',
      buying_power: fmt(i.buyingPower),
      initial_margin: '0',
      maintenance_margin: '0',
      sma: '0',
      daytrade_count: 0,
      last_maintenance_margin: '0',
      daytrading_buying_power: fmt(i.buyingPower),
      regt_buying_power: fmt(i.buyingPower),
    };
  }

  #positionsJson(a: FakeAccount): Json[] {
    return [...a.holdings.entries()]
      .filter(([, h]) => h.qty !== 0)
      .map(([symbol, h]) => {
        const current = this.#prices.get(symbol) ?? h.lastFillPrice;
        const cost = h.avgEntryPrice * h.qty;
        const value = current * h.qty;
        return {
          asset_id: this.#assetId(symbol),
          symbol,
          exchange: 'NASDAQ',
          asset_class: 'us_equity',
          asset_marginable: true,
          avg_entry_price: fmt(h.avgEntryPrice),
          qty: fmt(h.qty),
          qty_available: fmt(h.qty),
          side: h.qty > 0 ? 'long' : 'short',
          market_value: fmt(value),
          cost_basis: fmt(cost),
          unrealized_pl: fmt(value - cost),
          unrealized_plpc: fmt((value - cost) / Math.abs(cost)),
          unrealized_intraday_pl: fmt(value - cost),
          unrealized_intraday_plpc: fmt((value - cost) / Math.abs(cost)),
          current_price: fmt(current),
          lastday_price: fmt(current),
          change_today: '0',
        };
      });
  }

  #json(o: FakeOrder, nested: boolean): Json {
    return {
      id: o.id,
      client_order_id: o.clientOrderId,
      created_at: o.createdAt,
      updated_at: o.updatedAt,
      submitted_at: o.createdAt,
      filled_at: o.filledAt,
      expired_at: null,
      canceled_at: o.canceledAt,
      failed_at: null,
      replaced_at: null,
      replaced_by: null,
      replaces: null,
      asset_id: this.#assetId(o.symbol),
      symbol: o.symbol,
      asset_class: 'us_equity',
      notional: null,
      qty: fmt(o.qty),
      filled_qty: fmt(o.filledQty),
      filled_avg_price: o.filledAvgPrice === null ? null : fmt(o.filledAvgPrice),
      order_class: o.orderClass,
      order_type: o.type,
      type: o.type,
      side: o.side,
      time_in_force: o.timeInForce,
      limit_price: o.limitPrice,
      stop_price: o.stopPrice,
      status: o.status,
      extended_hours: false,
      legs: nested && o.legs.length > 0 ? o.legs.map((l) => this.#json(l, false)) : null,
      trail_percent: null,
      trail_price: null,
      hwm: null,
    };
  }

  #send(res: http.ServerResponse, reply: Reply, headers: Record<string, string> = {}): void {
    if (reply.status === 204) {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(reply.body ?? null));
  }
}

export async function startFakeAlpaca(): Promise<FakeAlpaca> {
  const server = http.createServer();
  const fake = new FakeAlpaca(server);
  server.on('request', (req, res) => {
    fake.handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return fake;
}
