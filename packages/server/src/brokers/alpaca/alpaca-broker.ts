/**
 * Alpaca behind the broker port: the Trading API v2 (paper or live host, by the connection's environment)
 * and the Market Data API v2 for a symbol's last trade. One HTTP request per call and no retry: the
 * service above decides what to try again (a failed submission is looked up by its client order id first).
 *
 * Documented facts relied on (github.com/alpacahq/alpaca-docs unless a URL is given):
 * - Hosts `api.alpaca.markets` (live), `paper-api.alpaca.markets` (paper, its own keys) and
 *   `data.alpaca.markets`; every private call carries the key id and secret in the headers
 *   `APCA-API-KEY-ID` and `APCA-API-SECRET-KEY` (content/api-references/trading-api/_index.md,
 *   "Authentication", "Paper Trading"; https://alpaca.markets/learn/how-to-fix-common-trading-api-errors-at-alpaca).
 * - Rate limit: 200 requests a minute per key, answered with HTTP 429 (same page, "Rate Limit").
 * - Endpoints and their statuses (data/webapi/endpoints/orders.yaml, latest-trade-v2.yaml): POST /v2/orders
 *   answers 403 when "buying power or shares is not sufficient" and 422 when "input parameters are not
 *   recognized"; GET /v2/orders/{id} (`nested=true` rolls a bracket's legs up under `legs`) and
 *   GET /v2/orders:by_client_order_id answer 404 for no such order; DELETE /v2/orders/{id} answers 204, 404,
 *   or 422 when "the order status is not cancelable"; DELETE /v2/orders answers 207 Multi-Status with "an
 *   array of objects that include the order id and http status code" for each order; GET
 *   /v2/stocks/{symbol}/trades/latest answers `{symbol, trade: {p, …}}`, or 404.
 * - Errors are a JSON body with a numeric `code` and a `message`; "the message strings can change without
 *   notice. The numeric code and HTTP status are the stable contract" (docs.alpaca.markets options trading
 *   overview, "Error Responses": 403 40310000 for buying power and permission refusals, 422 42210000 for
 *   order validation). v2 release notes: orders refused for "account permissioning, insufficient buying
 *   power, or lack of available borrow will return a 403". A refused key answers 401 (learn page above).
 * - Bracket orders: `order_class: "bracket"` with `take_profit.limit_price` and `stop_loss.stop_price`,
 *   `time_in_force` day or gtc (content/trading/orders.md "Bracket Orders"); `client_order_id` ≤ 48 chars.
 * - Prices: Alpaca rounds its own limit prices to two decimals above $1.00 and four below (content/trading/
 *   orders.md "Market Order"), the Reg NMS Rule 612 increments; a price between increments is refused
 *   ("sub-penny increment does not fulfill minimum pricing criteria"), so we send prices at the increment.
 */
import { retryAfterSeconds } from '../../market/providers/provider-http.js';
import { priceIncrement } from '../../market/reference/price-increment.js';
import {
  type BracketOrderRequest,
  type BrokerAccount,
  type BrokerCallObserver,
  type BrokerClock,
  type BrokerCredentials,
  BrokerError,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
} from '../broker-port.js';
import { decimal, flag, type Json, MalformedAnswer, object, readOrder, text } from './alpaca-order.js';

export const ALPACA_DEFAULT_URLS = {
  paper: 'https://paper-api.alpaca.markets',
  live: 'https://api.alpaca.markets',
  data: 'https://data.alpaca.markets',
} as const;

export interface AlpacaBrokerOptions {
  readonly tradingUrls: { readonly paper: string; readonly live: string };
  readonly dataUrl: string;
  /** How long one request may take, connection to last byte (default 15 s). */
  readonly timeoutMs?: number;
}

const NAME = 'alpaca';
const DEFAULT_TIMEOUT_MS = 15_000;
/** A response body that is not JSON is recorded as text up to this length. */
const RECORDED_TEXT_CHARS = 2000;
const BROKER_MESSAGE_CHARS = 300;
/** Alpaca's refusal of a second order under one client order id (HTTP 422, code 40010001). */
const DUPLICATE_CLIENT_ORDER_ID = /client[ _]order[ _]id must be unique/i;
/** What a key id or secret may be to travel in a header: visible ASCII, no spaces or line breaks. */
const HEADER_VALUE = /^[\x21-\x7e]+$/;

interface Call {
  readonly api: 'trading' | 'data';
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, relative to the API's base URL. */
  readonly path: string;
  readonly body?: Json;
  /** A 404 is an answer the reader handles (an order or a trade that does not exist), not `not_found`. */
  readonly absentOn404?: boolean;
}

interface Answer {
  readonly status: number;
  /** The body parsed as JSON; undefined when it is empty or not JSON. */
  readonly json: unknown;
  /** The body as the audit log keeps it: the JSON, else the text (cut to 2,000 characters), else null. */
  readonly recorded: unknown;
  readonly retryAfter: string | null;
}

/**
 * A non-2xx answer as the port's error: 429 `throttled`; 5xx `unavailable`; 401 `unauthorized`; 403
 * `rejected` when its body carries Alpaca's business `code` (40310000: buying power, permissions, borrow),
 * else `unauthorized` (a bare 403, or a code of the 401 family such as 40110000 "not authorized for this
 * scope"); 404 `not_found` (unless the caller reads it); 422 `duplicate` for a reused client order id;
 * other 4xx `rejected`. A 2xx answer is returned for its reader.
 */
function checked(where: string, res: Answer, absentOn404: boolean): Answer {
  const s = res.status;
  if ((s >= 200 && s < 300) || (s === 404 && absentOn404)) return res;
  const body = typeof res.json === 'object' && res.json !== null ? (res.json as Json) : {};
  const code =
    typeof body['code'] === 'number' || typeof body['code'] === 'string' ? String(body['code']) : undefined;
  const message =
    typeof body['message'] === 'string' ? body['message'].trim().slice(0, BROKER_MESSAGE_CHARS) : undefined;
  const detail = `${where} answered ${s}${message === undefined ? '' : `: ${message}`}`;
  const said = {
    status: s,
    ...(code === undefined ? {} : { brokerCode: code }),
    ...(message === undefined ? {} : { brokerMessage: message }),
  };
  if (s === 429) {
    const wait = retryAfterSeconds(res.retryAfter);
    throw new BrokerError(
      NAME,
      'throttled',
      detail,
      wait === undefined ? said : { ...said, retryAfterSeconds: wait },
    );
  }
  if (s >= 500) throw new BrokerError(NAME, 'unavailable', detail, said);
  if (s === 401) throw new BrokerError(NAME, 'unauthorized', detail, said);
  if (s === 403)
    throw new BrokerError(
      NAME,
      code !== undefined && !code.startsWith('401') ? 'rejected' : 'unauthorized',
      detail,
      said,
    );
  if (s === 404) throw new BrokerError(NAME, 'not_found', detail, said);
  if (s === 422 && message !== undefined && DUPLICATE_CLIENT_ORDER_ID.test(message))
    throw new BrokerError(NAME, 'duplicate', detail, said);
  if (s >= 400) throw new BrokerError(NAME, 'rejected', detail, said);
  throw new BrokerError(NAME, 'malformed', `${where} answered ${s}`, { status: s });
}

/** A price at its Reg NMS increment, as the decimal string Alpaca asks for: cents from $1, else 1/100 ¢. */
function alpacaPrice(price: number): string {
  const atFinest = Number(price.toFixed(4));
  return price.toFixed(priceIncrement(atFinest) === 0.01 ? 2 : 4);
}

export class AlpacaBroker implements BrokerPort {
  readonly name = NAME;
  readonly #tradingUrls: { readonly paper: string; readonly live: string };
  readonly #dataUrl: string;
  readonly #timeoutMs: number;

  constructor(options: AlpacaBrokerOptions) {
    // Read once: a base that is not a URL fails here, at start-up, not on a customer's call.
    this.#tradingUrls = {
      paper: new URL(options.tradingUrls.paper).origin,
      live: new URL(options.tradingUrls.live).origin,
    };
    this.#dataUrl = new URL(options.dataUrl).origin;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.#timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
  }

  account(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<BrokerAccount> {
    return this.#call(creds, { api: 'trading', method: 'GET', path: '/v2/account' }, observe, (a) => {
      const o = object(a.json, 'the account');
      return {
        accountNumber: text(o, 'account_number'),
        status: text(o, 'status'),
        currency: text(o, 'currency'),
        buyingPower: decimal(o, 'buying_power'),
        equity: decimal(o, 'equity'),
        cash: decimal(o, 'cash'),
        // `trade_suspended_by_user` (a user setting) also stops orders; older answers may not carry it.
        tradingBlocked:
          flag(o, 'trading_blocked') || flag(o, 'account_blocked') || o['trade_suspended_by_user'] === true,
      };
    });
  }

  clock(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<BrokerClock> {
    return this.#call(creds, { api: 'trading', method: 'GET', path: '/v2/clock' }, observe, (a) => {
      const o = object(a.json, 'the clock');
      return {
        isOpen: flag(o, 'is_open'),
        timestamp: text(o, 'timestamp'),
        nextOpen: text(o, 'next_open'),
        nextClose: text(o, 'next_close'),
      };
    });
  }

  latestPrice(
    creds: BrokerCredentials,
    symbol: string,
    observe?: BrokerCallObserver,
  ): Promise<number | null> {
    const path = `/v2/stocks/${encodeURIComponent(symbol)}/trades/latest`;
    return this.#call(creds, { api: 'data', method: 'GET', path, absentOn404: true }, observe, (a) => {
      if (a.status === 404) return null;
      const trade = object(a.json, 'the answer')['trade'];
      if (trade === undefined || trade === null) return null;
      const price = decimal(object(trade, 'trade'), 'p');
      if (price <= 0) throw new MalformedAnswer('trade.p is not a positive price');
      return price;
    });
  }

  submitBracket(
    creds: BrokerCredentials,
    order: BracketOrderRequest,
    observe?: BrokerCallObserver,
  ): Promise<BrokerOrder> {
    const body = {
      symbol: order.symbol,
      qty: String(order.qty),
      side: order.side,
      type: 'limit',
      time_in_force: order.timeInForce,
      limit_price: alpacaPrice(order.limitPrice),
      order_class: 'bracket',
      take_profit: { limit_price: alpacaPrice(order.takeProfitPrice) },
      stop_loss: { stop_price: alpacaPrice(order.stopPrice) },
      client_order_id: order.clientOrderId,
    };
    return this.#call(creds, { api: 'trading', method: 'POST', path: '/v2/orders', body }, observe, (a) =>
      readOrder(a.json),
    );
  }

  orderByClientId(
    creds: BrokerCredentials,
    clientOrderId: string,
    observe?: BrokerCallObserver,
  ): Promise<BrokerOrder | null> {
    const path = `/v2/orders:by_client_order_id?${new URLSearchParams({ client_order_id: clientOrderId })}`;
    return this.#call(creds, { api: 'trading', method: 'GET', path, absentOn404: true }, observe, (a) =>
      a.status === 404 ? null : readOrder(a.json),
    );
  }

  order(creds: BrokerCredentials, orderId: string, observe?: BrokerCallObserver): Promise<BrokerOrder> {
    const path = `/v2/orders/${encodeURIComponent(orderId)}?nested=true`;
    return this.#call(creds, { api: 'trading', method: 'GET', path }, observe, (a) => readOrder(a.json));
  }

  cancel(creds: BrokerCredentials, orderId: string, observe?: BrokerCallObserver): Promise<void> {
    const path = `/v2/orders/${encodeURIComponent(orderId)}`;
    return this.#call(creds, { api: 'trading', method: 'DELETE', path }, observe, () => undefined);
  }

  cancelAll(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<readonly string[]> {
    return this.#call(creds, { api: 'trading', method: 'DELETE', path: '/v2/orders' }, observe, (a) => {
      if (!Array.isArray(a.json)) throw new MalformedAnswer('the answer is not an array');
      return a.json
        .map((entry: unknown) => object(entry, 'an entry'))
        .filter((e) => {
          if (typeof e['status'] !== 'number') throw new MalformedAnswer('an entry has no numeric status');
          return e['status'] >= 200 && e['status'] < 300;
        })
        .map((e) => text(e, 'id'));
    });
  }

  positions(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<readonly BrokerPosition[]> {
    return this.#call(creds, { api: 'trading', method: 'GET', path: '/v2/positions' }, observe, (a) => {
      if (!Array.isArray(a.json)) throw new MalformedAnswer('the answer is not an array');
      return a.json.map((entry: unknown) => {
        const p = object(entry, 'a position');
        return {
          symbol: text(p, 'symbol'),
          qty: decimal(p, 'qty'),
          avgEntryPrice: decimal(p, 'avg_entry_price'),
          marketValue: decimal(p, 'market_value'),
          unrealizedPl: decimal(p, 'unrealized_pl'),
        };
      });
    });
  }

  /** One request, read by `read`, reported to `observe` once whatever the outcome. */
  async #call<T>(
    creds: BrokerCredentials,
    call: Call,
    observe: BrokerCallObserver | undefined,
    read: (answer: Answer) => T,
  ): Promise<T> {
    const started = performance.now();
    const base = call.api === 'data' ? this.#dataUrl : this.#tradingUrls[creds.environment];
    const url = new URL(call.path, base);
    const where = `${call.method} ${url.origin}${url.pathname}`;
    let status: number | null = null;
    let responseBody: unknown = null;
    let outcome: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
    try {
      const res = await this.#send(creds, url, call, where);
      status = res.status;
      responseBody = res.recorded;
      outcome = { ok: true, value: read(checked(where, res, call.absentOn404 === true)) };
    } catch (error) {
      const malformed =
        error instanceof MalformedAnswer
          ? new BrokerError(
              NAME,
              'malformed',
              `${where}: ${error.message}`,
              status === null ? {} : { status },
            )
          : error;
      outcome = { ok: false, error: malformed };
    }
    observe?.({
      method: call.method,
      path: url.pathname + url.search,
      requestBody: call.body ?? null,
      status,
      responseBody,
      durationMs: Math.round(performance.now() - started),
      error: outcome.ok
        ? null
        : outcome.error instanceof BrokerError
          ? outcome.error.message
          : 'internal error',
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  async #send(creds: BrokerCredentials, url: URL, call: Call, where: string): Promise<Answer> {
    // A value fetch would refuse as a header must not reach it: its error message quotes the value.
    if (!HEADER_VALUE.test(creds.keyId) || !HEADER_VALUE.test(creds.secret))
      throw new BrokerError(
        NAME,
        'unauthorized',
        `${where}: the key id or secret is not a valid header value`,
      );
    const headers: Record<string, string> = {
      'APCA-API-KEY-ID': creds.keyId,
      'APCA-API-SECRET-KEY': creds.secret,
      accept: 'application/json',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let res: Response;
    let body: string;
    try {
      res = await fetch(url, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        // A redirect is not followed: the credential headers would travel with it to wherever it points.
        redirect: 'error',
        signal: timeout,
      });
      body = await res.text();
    } catch (error) {
      // Not the error's own message: a socket's or a parser's may quote the request.
      const why = timeout.aborted
        ? 'timed out'
        : error instanceof Error &&
            error.cause instanceof Error &&
            error.cause.message === 'unexpected redirect'
          ? 'answered with a redirect (not followed)'
          : 'connection failed';
      throw new BrokerError(NAME, 'unavailable', `${where} ${why}`);
    }
    let json: unknown;
    let parsed = false;
    if (body.trim() !== '') {
      try {
        json = JSON.parse(body) as unknown;
        parsed = true;
      } catch {
        // Left for the reader, which finds no JSON where it expected some: `malformed`.
      }
    }
    const recorded = parsed ? json : body === '' ? null : body.slice(0, RECORDED_TEXT_CHARS);
    return { status: res.status, json, recorded, retryAfter: res.headers.get('retry-after') };
  }
}
