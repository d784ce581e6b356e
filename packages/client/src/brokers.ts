import type { BodyOf, QueryOf, ResponseOf } from './api-types.js';
import { sendBody as call, pathOf as path, type Query } from './send-body.js';
import type { Transport } from './transport.js';

type ConnectionPath = '/api/v1/broker-connections/{connection_id}';
/** A broker connection as the API shows it: `key_id_last4` and the account number, never the secret. */
export type BrokerConnection = ResponseOf<ConnectionPath>;
/** An order placed from a card: its bracket, its state at the broker, fills, exit and realised R. */
export type BrokerOrder = ResponseOf<'/api/v1/orders/{order_id}'>;
type Position = ResponseOf<'/api/v1/broker-connections/{connection_id}/positions'>['data'][number];
type AuditEntry = ResponseOf<'/api/v1/broker-connections/{connection_id}/audit'>['data'][number];
type PageQuery = Omit<QueryOf<'/api/v1/broker-connections/{connection_id}/orders'>, 'cursor'> & Query;
type LinkInput = BodyOf<'/api/v1/broker-connections'>;
type OrderInput = BodyOf<'/api/v1/cards/{card_id}/orders'>;

/** Every item of a newest-first list, following `next_cursor` page by page until it is null. */
async function* everyItem<T>(
  transport: Transport,
  p: string,
  query: PageQuery,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  for (let cursor: string | undefined; ; ) {
    const page = await call<{ data: T[]; next_cursor: string | null }>(transport, 'GET', p, {
      query: { ...query, ...(cursor === undefined ? {} : { cursor }) },
      signal,
    });
    yield* page.data;
    if (page.next_cursor === null) return;
    cursor = page.next_cursor;
  }
}

/**
 * `brokerConnections.*`: the account's linked broker accounts (Alpaca, paper by default). The secret is
 * write-only: it is sent by `create` and `rotateCredentials` and never returned by any call; a
 * connection shows `key_id_last4` and the broker's account number.
 */
export class BrokerConnectionsResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Links an account once the broker accepts the key id and secret (else a 422
   * `broker_credentials_rejected` problem, nothing stored). The secret is write-only: keep your own copy.
   * Not retried on 429/503 (the server takes no Idempotency-Key here): a repeat could link twice.
   */
  create(input: LinkInput, signal?: AbortSignal): Promise<BrokerConnection> {
    return call(this.transport, 'POST', '/broker-connections', { body: input, signal });
  }

  async list(signal?: AbortSignal): Promise<BrokerConnection[]> {
    return (
      await call<{ data: BrokerConnection[] }>(this.transport, 'GET', '/broker-connections', { signal })
    ).data;
  }

  get(connectionId: string, signal?: AbortSignal): Promise<BrokerConnection> {
    return call(this.transport, 'GET', `/broker-connections${path(connectionId)}`, { signal });
  }

  /** Changes any of label, `max_order_qty`, `max_order_notional`, `automation` (null: off). */
  update(
    connectionId: string,
    patch: BodyOf<ConnectionPath, 'patch'>,
    signal?: AbortSignal,
  ): Promise<BrokerConnection> {
    return call(this.transport, 'PATCH', `/broker-connections${path(connectionId)}`, { body: patch, signal });
  }

  /**
   * New key id and secret for the same broker account, checked with the broker first (another account's
   * are a 409). The secret is write-only, as when linking.
   */
  rotateCredentials(
    connectionId: string,
    credentials: BodyOf<'/api/v1/broker-connections/{connection_id}/credentials', 'put'>,
    signal?: AbortSignal,
  ): Promise<BrokerConnection> {
    return call(this.transport, 'PUT', `/broker-connections${path(connectionId, 'credentials')}`, {
      body: credentials,
      signal,
    });
  }

  /** Calls the broker's account endpoint with the stored credentials: the account and its buying power. */
  test(
    connectionId: string,
    signal?: AbortSignal,
  ): Promise<ResponseOf<'/api/v1/broker-connections/{connection_id}/test', 'post'>> {
    return call(this.transport, 'POST', `/broker-connections${path(connectionId, 'test')}`, { signal });
  }

  /** Deletes the connection and its credentials; orders already placed stay at the broker. */
  delete(connectionId: string, signal?: AbortSignal): Promise<{ id: string; deleted: true }> {
    return call(this.transport, 'DELETE', `/broker-connections${path(connectionId)}`, { signal });
  }

  /** Turns automation off and cancels every open order of the linked account (placed elsewhere too). */
  killSwitch(
    connectionId: string,
    signal?: AbortSignal,
  ): Promise<ResponseOf<'/api/v1/broker-connections/{connection_id}/kill-switch', 'post'>> {
    return call(this.transport, 'POST', `/broker-connections${path(connectionId, 'kill-switch')}`, {
      signal,
    });
  }

  /** The linked account's open positions, as the broker reports them. */
  async positions(connectionId: string, signal?: AbortSignal): Promise<Position[]> {
    const p = `/broker-connections${path(connectionId, 'positions')}`;
    return (await call<{ data: Position[] }>(this.transport, 'GET', p, { signal })).data;
  }

  /** Every order placed through the connection, newest first, page by page (`limit` per page). */
  orders(connectionId: string, query: PageQuery = {}, signal?: AbortSignal): AsyncGenerator<BrokerOrder> {
    return everyItem(this.transport, `/broker-connections${path(connectionId, 'orders')}`, query, signal);
  }

  /** Every broker call of the connection and its answer, newest first, page by page; never a credential. */
  audit(connectionId: string, query: PageQuery = {}, signal?: AbortSignal): AsyncGenerator<AuditEntry> {
    return everyItem(this.transport, `/broker-connections${path(connectionId, 'audit')}`, query, signal);
  }
}

/** `orders.*`: cards turned into bracket orders at a linked broker, and the orders as they progress. */
export class OrdersResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Places the card as a bracket (entry limit inside its zone, take-profit at `t1` or `t2`, stop at its
   * stop) through `connection_id`, sized by `qty` or `risk_amount`. An Idempotency-Key is generated when
   * none is given, so the SDK's own retries (429, and the 503 `broker_unavailable` of a submission cut
   * short) resume the same order instead of placing a second one; pass your own to make a retry of
   * yours safe too. The same key with another body is a 422 `idempotency_key_reused` problem.
   */
  placeFromCard(
    cardId: string,
    body: OrderInput,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<BrokerOrder> {
    return call(this.transport, 'POST', `/cards${path(cardId, 'orders')}`, {
      body,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
      signal: options.signal,
    });
  }

  /** Your orders from one card, with each one's fills and realised R. */
  async listForCard(cardId: string, signal?: AbortSignal): Promise<BrokerOrder[]> {
    const p = `/cards${path(cardId, 'orders')}`;
    return (await call<{ data: BrokerOrder[] }>(this.transport, 'GET', p, { signal })).data;
  }

  /** One order, read from the broker first while it may still change (as last known when unreachable). */
  get(orderId: string, signal?: AbortSignal): Promise<BrokerOrder> {
    return call(this.transport, 'GET', `/orders${path(orderId)}`, { signal });
  }

  /**
   * Cancels an order whose entry has not filled completely (its legs with it); a 409 problem when it is
   * still being submitted, has filled, or is over. Filled shares stay a position its legs keep working on.
   */
  cancel(orderId: string, signal?: AbortSignal): Promise<BrokerOrder> {
    return call(this.transport, 'DELETE', `/orders${path(orderId)}`, { signal });
  }
}
