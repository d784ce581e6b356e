import { tickRound } from '@bellwether/analytics';
import type { OrderSide } from './broker-port.js';

/** The parts of a published card an order is built from. */
export interface TradableCard {
  readonly id: string;
  readonly session: string;
  readonly ticker: string;
  readonly direction: 'long' | 'short';
  readonly entry_zone: { readonly low: number; readonly high: number };
  readonly t1: number;
  readonly t2: number;
  readonly stop: number;
  readonly setup: string;
  readonly expected_r: number | null;
  readonly published_at: string;
  readonly expires_at: string;
}

/** How big: whole shares, or the amount to risk (entry to stop) in the account's currency. */
export type OrderSize = { readonly qty: number } | { readonly risk_amount: number };

export interface BracketPlan {
  readonly side: OrderSide;
  readonly qty: number;
  readonly limitPrice: number;
  readonly takeProfitPrice: number;
  readonly stopPrice: number;
  /** qty × |limit − stop|. */
  readonly risk: number;
  readonly notional: number;
}

export type PlanRefusal =
  | { readonly reason: 'price_beyond_zone'; readonly detail: string }
  | { readonly reason: 'too_small'; readonly detail: string }
  | { readonly reason: 'over_caps'; readonly detail: string };

/**
 * Prices as the broker accepts them: whole cents at or above $1, four decimals below (the sub-penny rule
 * of SEC Rule 612 that Alpaca enforces). One function with the outcome rules' (analytics), so the backtest
 * fills at the prices the broker would take.
 */
export { tickRound };

/**
 * The bracket a card becomes at the last traded price: an entry limit inside the entry zone (the last
 * price held to the zone, so a price inside it is met at once and one outside waits at the zone's near
 * edge), a take-profit at T1 or T2 and a stop at the card's stop, sized from the stop distance when a
 * risk amount is given. Refused when the price has already left the trade (past the zone towards the
 * target, or through the stop), when the size rounds to no share, or when it is over the caps.
 */
export function planBracket(
  card: TradableCard,
  lastPrice: number,
  size: OrderSize,
  target: 't1' | 't2',
  caps: { readonly maxQty: number; readonly maxNotional: number },
): { ok: true; plan: BracketPlan } | { ok: false; refusal: PlanRefusal } {
  const long = card.direction === 'long';
  const { low, high } = card.entry_zone;
  const beyond = long
    ? lastPrice > high || lastPrice <= card.stop
    : lastPrice < low || lastPrice >= card.stop;
  if (beyond) {
    const past = long
      ? lastPrice > high
        ? 'above the entry zone'
        : 'at or below the stop'
      : lastPrice < low
        ? 'below the entry zone'
        : 'at or above the stop';
    return {
      ok: false,
      refusal: {
        reason: 'price_beyond_zone',
        detail: `The last trade, ${lastPrice}, is ${past} (zone ${low}–${high}, stop ${card.stop}): the ${card.direction} setup as published no longer holds.`,
      },
    };
  }
  const inZone = Math.min(high, Math.max(low, lastPrice));
  // Rounded towards the inside of the zone, so the limit never leaves it.
  const limitPrice = Math.min(
    tickRound(high, 'down'),
    Math.max(tickRound(low, 'up'), tickRound(inZone, 'nearest')),
  );
  const takeProfitPrice = tickRound(target === 't1' ? card.t1 : card.t2, 'nearest');
  const stopPrice = tickRound(card.stop, 'nearest');
  const perShare = Math.abs(limitPrice - stopPrice);
  const qty = 'qty' in size ? size.qty : Math.floor(size.risk_amount / perShare + 1e-9);
  if (qty < 1)
    return {
      ok: false,
      refusal: {
        reason: 'too_small',
        detail: `A risk of ${'risk_amount' in size ? size.risk_amount : 0} buys no whole share at ${perShare.toFixed(2)} a share from the entry limit ${limitPrice} to the stop ${stopPrice}.`,
      },
    };
  const notional = qty * limitPrice;
  if (qty > caps.maxQty || notional > caps.maxNotional)
    return {
      ok: false,
      refusal: {
        reason: 'over_caps',
        detail:
          qty > caps.maxQty
            ? `${qty} shares is over this connection's max_order_qty of ${caps.maxQty}.`
            : `A notional of ${notional.toFixed(2)} (${qty} × ${limitPrice}) is over this connection's max_order_notional of ${caps.maxNotional}.`,
      },
    };
  return {
    ok: true,
    plan: {
      side: long ? 'buy' : 'sell',
      qty,
      limitPrice,
      takeProfitPrice,
      stopPrice,
      risk: Math.round(qty * perShare * 100) / 100,
      notional: Math.round(notional * 100) / 100,
    },
  };
}

/** The card's payload read as what an order needs; undefined for a payload that lacks a level. */
export function tradableCard(id: string, payload: unknown): TradableCard | undefined {
  const p = payload as Record<string, unknown> & {
    asset?: { ticker?: unknown };
    entry_zone?: { low?: unknown; high?: unknown };
  };
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const low = num(p.entry_zone?.low);
  const high = num(p.entry_zone?.high);
  const t1 = num(p.t1);
  const t2 = num(p.t2);
  const stop = num(p.stop);
  if (
    low === undefined ||
    high === undefined ||
    t1 === undefined ||
    t2 === undefined ||
    stop === undefined ||
    typeof p.asset?.ticker !== 'string' ||
    (p.direction !== 'long' && p.direction !== 'short')
  )
    return undefined;
  return {
    id,
    session: String(p.session),
    ticker: p.asset.ticker,
    direction: p.direction,
    entry_zone: { low, high },
    t1,
    t2,
    stop,
    setup: String(p.setup),
    expected_r: num(p.expected_r) ?? null,
    published_at: String(p.published_at),
    expires_at: String(p.expires_at),
  };
}
