import type { BrokerOrderPatch, BrokerOrderRecord, BrokerOrderState } from '../db/broker-orders-repo.js';
import type { NewEvent } from '../db/event-outbox.js';
import type { BrokerOrder } from './broker-port.js';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Realised R of a closed trade: what the exit made per share over what the fill risked per share
 * (fill to stop), signed so a long closed above its fill is positive.
 */
export function realisedR(side: 'buy' | 'sell', fill: number, exit: number, stop: number): number | null {
  const risk = Math.abs(fill - stop);
  if (!(risk > 0)) return null;
  return round4(((side === 'buy' ? 1 : -1) * (exit - fill)) / risk);
}

/** The exit leg that filled, if one did. */
function filledExit(order: BrokerOrder): { reason: 'take_profit' | 'stop'; price: number } | undefined {
  for (const leg of order.legs) {
    if (leg.state !== 'filled' || leg.filledAvgPrice === null) continue;
    return { reason: leg.type === 'limit' ? 'take_profit' : 'stop', price: leg.filledAvgPrice };
  }
  return undefined;
}

/**
 * What the broker's reading of an order changes on our record, and the events that change tells:
 * `order.filled` when the entry fills, `order.closed` when an exit leg fills (with the realised R), and
 * `order.canceled` when it ends unfilled (canceled, expired or rejected by the broker). Undefined when
 * nothing changed.
 */
export function orderProgress(
  stored: BrokerOrderRecord,
  broker: BrokerOrder,
): { patch: BrokerOrderPatch; events: NewEvent[] } | undefined {
  // An entry canceled or expired after a partial fill left a position its legs still protect: it is filled.
  const entry =
    (broker.state === 'canceled' || broker.state === 'expired') && broker.filledQty > 0
      ? 'filled'
      : broker.state;
  const exit = entry === 'filled' ? filledExit(broker) : undefined;
  const state: BrokerOrderState = exit !== undefined ? 'closed' : entry;
  const fill = broker.filledAvgPrice;
  const patch: BrokerOrderPatch = {
    state,
    broker_order_id: broker.id,
    broker_status: broker.status,
    filled_qty: broker.filledQty,
    filled_avg_price: fill,
    ...(exit === undefined
      ? {}
      : {
          exit_reason: exit.reason,
          exit_price: exit.price,
          realised_r: fill === null ? null : realisedR(stored.side, fill, exit.price, stored.stop_price),
        }),
  };
  const same =
    stored.state === state &&
    stored.broker_order_id === broker.id &&
    stored.broker_status === broker.status &&
    stored.filled_qty === broker.filledQty &&
    stored.filled_avg_price === fill;
  if (same) return undefined;
  const base = {
    order_id: stored.id,
    card_id: stored.card_id,
    connection_id: stored.connection_id,
    ticker: stored.ticker,
    side: stored.side,
    client_order_id: stored.client_order_id,
    broker_order_id: broker.id,
  };
  const events: NewEvent[] = [];
  const wasFilled = stored.state === 'filled' || stored.state === 'closed';
  if ((state === 'filled' || state === 'closed') && !wasFilled)
    events.push({
      type: 'order.filled',
      account_id: stored.account_id,
      data: { ...base, filled_qty: broker.filledQty, filled_avg_price: fill, filled_at: broker.filledAt },
    });
  if (state === 'closed' && exit !== undefined)
    events.push({
      type: 'order.closed',
      account_id: stored.account_id,
      data: {
        ...base,
        exit_reason: exit.reason,
        exit_price: exit.price,
        realised_r: patch.realised_r ?? null,
      },
    });
  if ((state === 'canceled' || state === 'expired' || state === 'rejected') && stored.state !== state)
    events.push({
      type: 'order.canceled',
      account_id: stored.account_id,
      data: {
        ...base,
        broker_status: broker.status,
        filled_qty: broker.filledQty,
        canceled_at: broker.canceledAt,
      },
    });
  return { patch, events };
}
