/**
 * Alpaca's order entity read as our `BrokerOrder`, and the field readers the other Alpaca entities share.
 *
 * Documented facts relied on:
 * - Decimal numbers arrive as strings "to preserve full precision" (Trading API reference, General Rules:
 *   github.com/alpacahq/alpaca-docs content/api-references/trading-api/_index.md); a latest trade's `p` is
 *   a JSON number (data/webapi/entities/latest-trade-v2.yaml).
 * - The order entity's fields: `qty`, `filled_qty`, `filled_avg_price`, `limit_price`, `stop_price` as
 *   decimal strings (the last three nullable), `submitted_at`/`filled_at`/`canceled_at` nullable, `legs`
 *   an array of orders when queried with `nested=true`, otherwise null (data/webapi/entities/order-v2.yaml).
 * - The status words and their meaning (https://alpaca.markets/docs/trading/orders/ "Order Lifecycle";
 *   content/trading/orders.md): `filled`, `canceled`, `expired` and `rejected` get no further updates;
 *   `pending_cancel` is "waiting to be canceled", and "an order may be canceled through the API up until the
 *   point it reaches a state of either filled, canceled, or expired" — so it can still fill.
 * - "Adding new items to a defined set (statuses, etc.)" is a backwards-compatible change Alpaca makes
 *   without notice (content/api-references/_index.md): an unknown status word must not break a reading.
 */
import type { BrokerOrder, OrderState } from '../broker-port.js';

export type Json = Record<string, unknown>;

/** An answer that does not read as Alpaca's documented format; the adapter reports it as `malformed`. */
export class MalformedAnswer extends Error {
  override readonly name = 'MalformedAnswer';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MalformedAnswer(`${what} is not an object`);
  return value as Json;
}

export function text(o: Json, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new MalformedAnswer(`${key} is not a string`);
  return v;
}

function optionalText(o: Json, key: string): string | null {
  return o[key] === null || o[key] === undefined ? null : text(o, key);
}

export function flag(o: Json, key: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new MalformedAnswer(`${key} is not a boolean`);
  return v;
}

/** A decimal string (or a JSON number, as the data API sends prices) as a finite number. */
export function decimal(o: Json, key: string): number {
  const v = o[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && DECIMAL.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) throw new MalformedAnswer(`${key} is not a decimal`);
  return n;
}

function optionalDecimal(o: Json, key: string): number | null {
  return o[key] === null || o[key] === undefined ? null : decimal(o, key);
}

/**
 * Our reading of Alpaca's status word. Every word that is not final reads as `open`, or as
 * `partially_filled` once shares have filled: `pending_cancel` among them (the cancel may lose the race
 * to a fill, so the order is still watched), and any word Alpaca adds later. `done_for_day` reads as
 * `expired`, as `expired` does.
 */
export function orderState(status: string, filledQty: number): OrderState {
  switch (status) {
    case 'filled':
      return 'filled';
    case 'partially_filled':
      return 'partially_filled';
    case 'canceled':
      return 'canceled';
    case 'expired':
    case 'done_for_day':
      return 'expired';
    case 'rejected':
      return 'rejected';
    default:
      // new, accepted, pending_new, accepted_for_bidding, pending_replace, replaced, held, calculated,
      // stopped, suspended, pending_cancel, and words not yet documented.
      return filledQty > 0 ? 'partially_filled' : 'open';
  }
}

/** One order of Alpaca's (with its legs, when it was read with `nested=true`). */
export function readOrder(value: unknown): BrokerOrder {
  const o = object(value, 'the order');
  const side = text(o, 'side');
  if (side !== 'buy' && side !== 'sell') throw new MalformedAnswer(`side ${JSON.stringify(side)} is unknown`);
  const legs: unknown = o['legs'] ?? [];
  if (!Array.isArray(legs)) throw new MalformedAnswer('legs is not an array');
  const status = text(o, 'status');
  const filledQty = decimal(o, 'filled_qty');
  return {
    id: text(o, 'id'),
    clientOrderId: text(o, 'client_order_id'),
    symbol: text(o, 'symbol'),
    side,
    // `order_type` is the deprecated twin of `type`.
    type: o['type'] === undefined ? text(o, 'order_type') : text(o, 'type'),
    qty: decimal(o, 'qty'),
    filledQty,
    filledAvgPrice: optionalDecimal(o, 'filled_avg_price'),
    limitPrice: optionalDecimal(o, 'limit_price'),
    stopPrice: optionalDecimal(o, 'stop_price'),
    status,
    state: orderState(status, filledQty),
    submittedAt: optionalText(o, 'submitted_at'),
    filledAt: optionalText(o, 'filled_at'),
    canceledAt: optionalText(o, 'canceled_at'),
    legs: legs.map((leg: unknown) => readOrder(leg)),
  };
}
