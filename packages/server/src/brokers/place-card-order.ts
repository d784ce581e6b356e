import { createHash } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { BrokerConnectionRecord, BrokerConnectionsRepo } from '../db/broker-connections-repo.js';
import type { BrokerOrderRecord, BrokerOrdersRepo, NewBrokerOrder } from '../db/broker-orders-repo.js';
import { canonicalJson } from '../db/canonical-json.js';
import { newId } from '../db/ids.js';
import type { CardsRepo } from '../db/repositories.js';
import { type OrderSize, planBracket, type TradableCard, tickRound, tradableCard } from './bracket-plan.js';
import type { BrokerGateway } from './broker-gateway.js';
import { refusalOf } from './broker-gateway.js';
import {
  type BrokerCallObserver,
  type BrokerCredentials,
  BrokerError,
  type BrokerPort,
} from './broker-port.js';
import { BrokerRefusal } from './broker-refusal.js';
import { orderProgress } from './order-progress.js';

export interface PlaceOrderDeps {
  readonly connections: BrokerConnectionsRepo;
  readonly orders: BrokerOrdersRepo;
  readonly cards: Pick<CardsRepo, 'getCard'>;
  readonly gateway: BrokerGateway;
  readonly clock: Clock;
}

export interface PlaceOrderRequest {
  readonly account_id: string;
  readonly card_id: string;
  readonly connection_id: string;
  readonly size: OrderSize;
  /** `split`: two brackets, half the shares taking profit at T1 and the rest at T2. */
  readonly take_profit: 't1' | 't2' | 'split';
  readonly idempotency_key: string | null;
}

/** Automation's order: once per card and connection, within the session's caps. */
export interface AutomationSlot {
  readonly maxOrders: number;
  readonly maxRisk: number;
}

const notFound = (what: string) => new BrokerRefusal('not_found', `No ${what}.`);

async function loadConnection(deps: PlaceOrderDeps, account_id: string, id: string) {
  const connection = await deps.connections.get(account_id, id);
  if (connection === undefined) throw notFound(`broker connection ${id}`);
  return connection;
}

/** The card as it may be traded now: published (as of the clock) and not expired. */
async function cardToTrade(deps: PlaceOrderDeps, card_id: string): Promise<TradableCard> {
  const found = await deps.cards.getCard(card_id);
  const now = deps.clock.now().getTime();
  if (found === undefined || Date.parse(found.card.published_at) > now) throw notFound(`card ${card_id}`);
  const card = tradableCard(found.card.id, found.card.payload);
  if (card === undefined) throw notFound(`card ${card_id} with entry, targets and stop`);
  if (Date.parse(card.expires_at) <= now)
    throw new BrokerRefusal(
      'card_not_tradable',
      `Card ${card_id} expired at ${card.expires_at}: its last session has closed.`,
      { reason: 'expired', expires_at: card.expires_at },
    );
  return card;
}

/**
 * Sends a reserved order to the broker, or finds it there: a submission whose answer was lost (timeout,
 * 5xx) or a retry of one is looked up by its client order id first, so the broker never receives it
 * twice. Returns the order as the broker's answer leaves it; a refusal marks it `rejected`.
 */
async function submitReserved(
  deps: PlaceOrderDeps,
  connection: BrokerConnectionRecord,
  order: BrokerOrderRecord,
  lookFirst: boolean,
): Promise<BrokerOrderRecord> {
  const adopt = async (found: Parameters<typeof orderProgress>[1]) => {
    const progress = orderProgress(order, found);
    if (progress === undefined) return order;
    return (await deps.orders.update(order.id, 'submitting', progress.patch, progress.events)) ?? order;
  };
  const lookUp = () =>
    deps.gateway.call(
      connection,
      (port, creds, observe) => port.orderByClientId(creds, order.client_order_id, observe),
      order.id,
    );
  try {
    if (lookFirst) {
      const there = await lookUp();
      if (there !== null) return await adopt(there);
    }
    const placed = await deps.gateway.call(
      connection,
      (port, creds, observe) =>
        port.submitBracket(
          creds,
          {
            clientOrderId: order.client_order_id,
            symbol: order.ticker,
            side: order.side,
            qty: order.qty,
            limitPrice: order.limit_price,
            takeProfitPrice: order.take_profit_price,
            stopPrice: order.stop_price,
            timeInForce: 'gtc',
          },
          observe,
        ),
      order.id,
    );
    return await adopt(placed);
  } catch (error) {
    if (error instanceof BrokerError && error.kind === 'duplicate') {
      const there = await lookUp().catch(() => null);
      if (there !== null) return adopt(there);
    }
    if (error instanceof BrokerError && (error.kind === 'unavailable' || error.kind === 'malformed')) {
      // The order may have arrived: one look before telling the customer to retry.
      const there = await lookUp().catch(() => null);
      if (there !== null) return adopt(there);
    }
    const refusal = refusalOf(error, `order ${order.id}`);
    if (refusal instanceof BrokerRefusal && refusal.code !== 'broker_unavailable')
      await deps.orders.update(order.id, 'submitting', { state: 'rejected', error: refusal.message });
    if (refusal instanceof BrokerRefusal && refusal.code === 'broker_unavailable')
      throw new BrokerRefusal(
        'broker_unavailable',
        `${refusal.message} Order ${order.id} may not have reached the broker: retry with the same Idempotency-Key and it is looked up by its client order id ${order.client_order_id} before anything is sent again.`,
        { order_id: order.id, client_order_id: order.client_order_id },
        refusal.retryAfterSeconds,
      );
    throw refusal;
  }
}

const digestOf = (request: PlaceOrderRequest) =>
  createHash('sha256')
    .update(
      canonicalJson({
        card_id: request.card_id,
        connection_id: request.connection_id,
        size: request.size,
        take_profit: request.take_profit,
      }),
    )
    .digest('hex');

/**
 * A card becomes a bracket order at the customer's broker (issue #30): the connection and card are
 * checked, the last trade must still be inside the trade, the size must fit the caps and the account's
 * buying power, and the order is on record (state `submitting`, with its client order id) before it is
 * sent. The same Idempotency-Key and body give the same order, resuming one whose submission was cut
 * short; the same key with another body is refused.
 */
export async function placeCardOrder(
  deps: PlaceOrderDeps,
  request: PlaceOrderRequest,
  automation?: AutomationSlot,
): Promise<{ order: BrokerOrderRecord; created: boolean } | undefined> {
  const digest = digestOf(request);
  if (request.idempotency_key !== null) {
    const held = await deps.orders.findByIdempotencyKey(request.account_id, request.idempotency_key);
    if (held !== undefined) return replay(deps, held, digest);
  }
  const connection = await loadConnection(deps, request.account_id, request.connection_id);
  const card = await cardToTrade(deps, request.card_id);
  const call = <T>(
    fn: (port: BrokerPort, creds: BrokerCredentials, observe: BrokerCallObserver) => Promise<T>,
  ) =>
    deps.gateway.call(connection, fn).catch((error: unknown) => {
      throw refusalOf(error, `the checks before order on card ${card.id}`);
    });
  const last = await call((port, creds, observe) => port.latestPrice(creds, card.ticker, observe));
  if (last === null)
    throw new BrokerRefusal('card_not_tradable', `The broker has no last trade for ${card.ticker}.`, {
      reason: 'no_price',
    });
  const split = request.take_profit === 'split';
  const planned = planBracket(card, last, request.size, split ? 't1' : request.take_profit, {
    maxQty: connection.max_order_qty,
    maxNotional: connection.max_order_notional,
  });
  if (!planned.ok) {
    const { reason, detail } = planned.refusal;
    if (reason === 'price_beyond_zone')
      throw new BrokerRefusal('card_not_tradable', detail, { reason, last_price: last });
    if (reason === 'over_caps') throw new BrokerRefusal('order_cap_exceeded', detail);
    throw new BrokerRefusal('validation_failed', detail, {
      errors: [{ pointer: '/body/risk_amount', detail }],
    });
  }
  const plan = planned.plan;
  const account = await call((port, creds, observe) => port.account(creds, observe));
  if (account.tradingBlocked)
    throw new BrokerRefusal('broker_refused', 'The broker account is blocked from trading.', {
      broker_code: null,
      broker_message: 'trading blocked',
    });
  if (plan.notional > account.buyingPower)
    throw new BrokerRefusal(
      'insufficient_buying_power',
      `The order's notional, ${plan.notional} (${plan.qty} × ${plan.limitPrice}), is more than the account's buying power of ${account.buyingPower}.`,
      { notional: plan.notional, buying_power: account.buyingPower },
    );
  const base = {
    account_id: request.account_id,
    connection_id: connection.id,
    card_id: card.id,
    session: card.session,
    origin: automation === undefined ? ('api' as const) : ('automation' as const),
    request_digest: digest,
    ticker: card.ticker,
    side: plan.side,
    limit_price: plan.limitPrice,
    stop_price: plan.stopPrice,
  };
  const perShare = plan.risk / plan.qty;
  const rowOf = (id: string, qty: number, takeProfitPrice: number): NewBrokerOrder => ({
    ...base,
    id,
    client_order_id: `bw-${id}`,
    idempotency_key: null,
    automation_key: null,
    group_id: null,
    qty,
    take_profit_price: takeProfitPrice,
    risk: Math.round(qty * perShare * 100) / 100,
  });
  if (split) {
    if (plan.qty < 2)
      throw new BrokerRefusal('validation_failed', 'A split T1/T2 order needs at least 2 shares.', {
        errors: [
          { pointer: '/body/take_profit', detail: `the order is ${plan.qty} share; a split needs 2 or more` },
        ],
      });
    const firstId = newId('bko');
    const half = Math.ceil(plan.qty / 2);
    const first = {
      ...rowOf(firstId, half, plan.takeProfitPrice),
      idempotency_key: request.idempotency_key,
      group_id: firstId,
    };
    const second = {
      ...rowOf(newId('bko'), plan.qty - half, tickRound(card.t2, 'nearest')),
      group_id: firstId,
    };
    const reserved = await deps.orders.reserveSplit(first, second);
    if (!reserved.created) return replay(deps, reserved.orders[0] as BrokerOrderRecord, digest);
    const [a, b] = reserved.orders as [BrokerOrderRecord, BrokerOrderRecord];
    let placed: BrokerOrderRecord;
    try {
      placed = await submitReserved(deps, connection, a, false);
    } catch (error) {
      // The first half refused: the second is not sent either.
      if (error instanceof BrokerRefusal && error.code !== 'broker_unavailable')
        await deps.orders.update(b.id, 'submitting', {
          state: 'rejected',
          error: `Not sent: ${error.message}`,
        });
      throw error;
    }
    // The first half is placed: a refusal of the second shows on it (rejected) and does not undo the first.
    await submitReserved(deps, connection, b, false).catch((error: unknown) => {
      if (!(error instanceof BrokerRefusal) || error.code === 'broker_unavailable') throw error;
    });
    return { order: placed, created: true };
  }
  const id = newId('bko');
  const row: NewBrokerOrder = {
    ...rowOf(id, plan.qty, plan.takeProfitPrice),
    idempotency_key: request.idempotency_key,
    automation_key: automation === undefined ? null : `${connection.id}:${card.id}`,
  };
  if (automation !== undefined) {
    const reserved = await deps.orders.reserveWithin(row, automation);
    if (reserved === undefined) return undefined;
    return { order: await submitReserved(deps, connection, reserved, false), created: true };
  }
  const reserved = await deps.orders.reserve(row);
  if (!reserved.created) return replay(deps, reserved.order, digest);
  return { order: await submitReserved(deps, connection, reserved.order, false), created: true };
}

/**
 * A second request with an order's Idempotency-Key: the same order (both halves of a split), each
 * submission that was cut short resumed — looked up at the broker first, and sent again only while its
 * card may still be traded. Answers the first half.
 */
async function replay(
  deps: PlaceOrderDeps,
  held: BrokerOrderRecord,
  digest: string,
): Promise<{ order: BrokerOrderRecord; created: boolean }> {
  if (held.request_digest !== digest)
    throw new BrokerRefusal(
      'idempotency_key_reused',
      `This Idempotency-Key was used for order ${held.id} with a different request.`,
      { order_id: held.id },
    );
  const members =
    held.group_id === null ? [held] : await deps.orders.listGroup(held.account_id, held.group_id);
  const resumed: BrokerOrderRecord[] = [];
  for (const member of members)
    resumed.push(member.state === 'submitting' ? await resume(deps, member) : member);
  return { order: resumed[0] ?? held, created: false };
}

async function resume(deps: PlaceOrderDeps, held: BrokerOrderRecord): Promise<BrokerOrderRecord> {
  const connection = await loadConnection(deps, held.account_id, held.connection_id);
  const tradable = await cardToTrade(deps, held.card_id).then(
    () => undefined,
    (refusal: unknown) => refusal,
  );
  if (tradable === undefined) return submitReserved(deps, connection, held, true);
  const there = await deps.gateway
    .call(
      connection,
      (port, creds, observe) => port.orderByClientId(creds, held.client_order_id, observe),
      held.id,
    )
    .catch((error: unknown) => {
      throw refusalOf(error, `the look-up of order ${held.id}`);
    });
  if (there === null) {
    await deps.orders.update(held.id, 'submitting', {
      state: 'rejected',
      error:
        'The submission never reached the broker and the card can no longer be traded; nothing was placed.',
    });
    throw tradable;
  }
  const progress = orderProgress(held, there);
  const adopted =
    progress === undefined
      ? held
      : await deps.orders.update(held.id, 'submitting', progress.patch, progress.events);
  return adopted ?? held;
}
