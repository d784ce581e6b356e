import type { BrokerConnectionRecord } from '../db/broker-connections-repo.js';
import { type BrokerOrderRecord, FINAL_ORDER_STATES } from '../db/broker-orders-repo.js';
import { tradableCard } from './bracket-plan.js';
import { BrokerError } from './broker-port.js';
import { orderProgress } from './order-progress.js';
import type { PlaceOrderDeps } from './place-card-order.js';

/** A submission still unanswered after this long is over: its request has timed out long since. */
const SUBMISSION_GRACE_MS = 60_000;

/**
 * Brings one order up to date with the broker: fills, the exit leg that closed it (with its realised R),
 * cancellation. An entry still unfilled when its card expires is cancelled at the broker. An order whose
 * submission never got an answer is looked up by its client order id once the submission is surely
 * over: adopted if the broker has it, otherwise marked rejected (it never arrived). Each change is
 * written with its events only if the order is still as read, so two processes tell it once.
 */
export async function reconcileOrder(
  deps: PlaceOrderDeps,
  connection: BrokerConnectionRecord,
  order: BrokerOrderRecord,
): Promise<BrokerOrderRecord> {
  if (FINAL_ORDER_STATES.includes(order.state)) return order;
  const now = deps.clock.now().getTime();
  const call = <T>(fn: Parameters<typeof deps.gateway.call<T>>[1]) =>
    deps.gateway.call(connection, fn, order.id);
  if (order.state === 'submitting' || order.broker_order_id === null) {
    if (now - Date.parse(order.created_at) < SUBMISSION_GRACE_MS) return order;
    const there = await call((port, creds, observe) =>
      port.orderByClientId(creds, order.client_order_id, observe),
    );
    if (there === null)
      return (
        (await deps.orders.update(order.id, order.state, {
          state: 'rejected',
          error:
            'The submission never reached the broker (no order has its client order id); nothing was placed.',
        })) ?? order
      );
    const progress = orderProgress(order, there);
    return progress === undefined
      ? order
      : ((await deps.orders.update(order.id, order.state, progress.patch, progress.events)) ?? order);
  }
  const brokerId = order.broker_order_id;
  if (order.state === 'open' && order.filled_qty === 0) {
    const found = await deps.cards.getCard(order.card_id);
    const card = found === undefined ? undefined : tradableCard(found.card.id, found.card.payload);
    if (card !== undefined && Date.parse(card.expires_at) <= now)
      await call((port, creds, observe) => port.cancel(creds, brokerId, observe)).catch((error: unknown) => {
        // Already filled or cancelled at the broker: the read below tells which.
        if (!(error instanceof BrokerError && (error.kind === 'rejected' || error.kind === 'not_found')))
          throw error;
      });
  }
  const there = await call((port, creds, observe) => port.order(creds, brokerId, observe));
  const progress = orderProgress(order, there);
  if (progress === undefined) return order;
  return (await deps.orders.update(order.id, order.state, progress.patch, progress.events)) ?? order;
}

/**
 * Every order the broker may still change, connection by connection (all connections, or one). A
 * connection whose broker fails is skipped until the next round; one deleted or failing is left alone.
 */
export async function reconcileOrders(
  deps: PlaceOrderDeps,
  connectionId?: { readonly account_id: string; readonly id: string },
): Promise<{ checked: number; changed: number; failed: number }> {
  const live = await deps.orders.listLive(connectionId?.id);
  const byConnection = new Map<string, BrokerOrderRecord[]>();
  for (const o of live) byConnection.set(o.connection_id, [...(byConnection.get(o.connection_id) ?? []), o]);
  let checked = 0;
  let changed = 0;
  let failed = 0;
  for (const [id, orders] of byConnection) {
    const account = orders[0]?.account_id as string;
    const connection = await deps.connections.get(account, id);
    if (connection === undefined || connection.status === 'failing') continue;
    for (const order of orders) {
      checked += 1;
      try {
        const after = await reconcileOrder(deps, connection, order);
        if (after.updated_at !== order.updated_at) changed += 1;
      } catch {
        failed += 1;
        break;
      }
    }
  }
  return { checked, changed, failed };
}
