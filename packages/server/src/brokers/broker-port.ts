/**
 * What Bellwether needs from a broker (issue #30): check an account, read its clock and a symbol's last
 * price, place a bracket order under our own client order id, read orders back (by the broker's id or
 * ours), cancel one or all, and list positions. Alpaca implements it first (`alpaca/`); a second broker
 * implements the same port. Every call takes the connection's credentials: an adapter keeps none.
 */

export type BrokerEnvironment = 'paper' | 'live';

/** A connection's credentials, decrypted for the length of one call and never logged. */
export interface BrokerCredentials {
  readonly environment: BrokerEnvironment;
  readonly keyId: string;
  readonly secret: string;
}

export interface BrokerAccount {
  /** The broker's account number (not secret; shown to the customer so they know which account is linked). */
  readonly accountNumber: string;
  /** The broker's status word (`ACTIVE`, `ACCOUNT_UPDATED`, …). */
  readonly status: string;
  readonly currency: string;
  readonly buyingPower: number;
  readonly equity: number;
  readonly cash: number;
  /** Trading or the account is blocked: no order can be placed. */
  readonly tradingBlocked: boolean;
}

export interface BrokerClock {
  readonly isOpen: boolean;
  /** ISO-8601 instants as the broker gave them. */
  readonly timestamp: string;
  readonly nextOpen: string;
  readonly nextClose: string;
}

export type OrderSide = 'buy' | 'sell';

/** An entry limit order with a take-profit limit and a stop, linked (one cancels the other once filled). */
export interface BracketOrderRequest {
  /** Ours, unique per order and ≤ 48 characters; the broker refuses a second order with the same one. */
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: OrderSide;
  /** Whole shares. */
  readonly qty: number;
  readonly limitPrice: number;
  readonly takeProfitPrice: number;
  readonly stopPrice: number;
  readonly timeInForce: 'day' | 'gtc';
}

/** Our reading of the broker's status word. */
export type OrderState = 'open' | 'partially_filled' | 'filled' | 'canceled' | 'expired' | 'rejected';

export interface BrokerOrder {
  /** The broker's order id. */
  readonly id: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: OrderSide;
  readonly type: string;
  readonly qty: number;
  readonly filledQty: number;
  readonly filledAvgPrice: number | null;
  readonly limitPrice: number | null;
  readonly stopPrice: number | null;
  /** The broker's own status word (`new`, `accepted`, `partially_filled`, `filled`, `canceled`…). */
  readonly status: string;
  readonly state: OrderState;
  readonly submittedAt: string | null;
  readonly filledAt: string | null;
  readonly canceledAt: string | null;
  /** A bracket's take-profit and stop legs (empty for a simple order). */
  readonly legs: readonly BrokerOrder[];
}

export interface BrokerPosition {
  readonly symbol: string;
  /** Signed: negative for a short. */
  readonly qty: number;
  readonly avgEntryPrice: number;
  readonly marketValue: number;
  readonly unrealizedPl: number;
}

/**
 * Why a broker call failed:
 * - `unauthorized`: the key id or secret was refused (401, or 403 without a business reason);
 * - `rejected`: the broker refused the order or request for a business reason (buying power, market closed,
 *   invalid quantity, a symbol it does not trade): `brokerCode` and `brokerMessage` say which;
 * - `duplicate`: an order with this client order id exists already;
 * - `not_found`: no such order;
 * - `throttled`: the broker's rate limit (429), `retryAfterSeconds` when it said;
 * - `unavailable`: a 5xx, a timeout or a broken connection — for an order submission the order may or may
 *   not exist: look it up by its client order id before trying again;
 * - `malformed`: an answer that does not read as the documented format.
 */
export type BrokerErrorKind =
  | 'unauthorized'
  | 'rejected'
  | 'duplicate'
  | 'not_found'
  | 'throttled'
  | 'unavailable'
  | 'malformed';

/** A broker call's failure. Its message never holds a credential. */
export class BrokerError extends Error {
  readonly broker: string;
  readonly kind: BrokerErrorKind;
  readonly status: number | undefined;
  readonly brokerCode: string | undefined;
  readonly brokerMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    broker: string,
    kind: BrokerErrorKind,
    detail: string,
    options: {
      status?: number;
      brokerCode?: string;
      brokerMessage?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(`${broker}: ${kind}: ${detail}`);
    this.name = 'BrokerError';
    this.broker = broker;
    this.kind = kind;
    this.status = options.status;
    this.brokerCode = options.brokerCode;
    this.brokerMessage = options.brokerMessage;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * One broker call as the customer's audit log shows it: what was asked and what came back, with no
 * header (where credentials travel) and no credential anywhere in it.
 */
export interface BrokerCallRecord {
  readonly method: string;
  /** Path and query, as sent (the query never carries a credential at Alpaca). */
  readonly path: string;
  readonly requestBody: unknown;
  /** HTTP status, or null when no answer came (timeout, connection refused). */
  readonly status: number | null;
  readonly responseBody: unknown;
  readonly durationMs: number;
  readonly error: string | null;
}

export type BrokerCallObserver = (call: BrokerCallRecord) => void;

export interface BrokerPort {
  /** The broker's name as stored with a connection (`alpaca`). */
  readonly name: string;
  /** Each call reports to `observe` (the audit log) whether it succeeded or not. */
  account(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<BrokerAccount>;
  clock(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<BrokerClock>;
  /** The last trade's price, or null when the broker has none for the symbol. */
  latestPrice(creds: BrokerCredentials, symbol: string, observe?: BrokerCallObserver): Promise<number | null>;
  submitBracket(
    creds: BrokerCredentials,
    order: BracketOrderRequest,
    observe?: BrokerCallObserver,
  ): Promise<BrokerOrder>;
  /** The order with our client order id, or null when the broker has none. */
  orderByClientId(
    creds: BrokerCredentials,
    clientOrderId: string,
    observe?: BrokerCallObserver,
  ): Promise<BrokerOrder | null>;
  order(creds: BrokerCredentials, orderId: string, observe?: BrokerCallObserver): Promise<BrokerOrder>;
  /** Cancels one order (a bracket's parent cancels its legs). Already final → `rejected` (422 at Alpaca). */
  cancel(creds: BrokerCredentials, orderId: string, observe?: BrokerCallObserver): Promise<void>;
  /** Cancels every open order of the account; the ids the broker reports it is cancelling. */
  cancelAll(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<readonly string[]>;
  positions(creds: BrokerCredentials, observe?: BrokerCallObserver): Promise<readonly BrokerPosition[]>;
}
