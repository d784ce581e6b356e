import type { BrokerAccount, BrokerPosition } from '../../../../brokers/broker-port.js';
import { BrokerRefusal } from '../../../../brokers/broker-refusal.js';
import type { BrokerCallEntry } from '../../../../db/broker-calls-repo.js';
import type { BrokerConnectionRecord } from '../../../../db/broker-connections-repo.js';
import type { BrokerOrderRecord } from '../../../../db/broker-orders-repo.js';
import { ProblemError } from '../../../../problems/problem-error.js';

/** A connection as the API shows it: everything but its credentials (never even their ciphertext). */
export function connectionView(c: BrokerConnectionRecord) {
  return {
    id: c.id,
    broker: c.broker,
    environment: c.environment,
    label: c.label,
    key_id_last4: c.key_id_last4,
    broker_account_number: c.broker_account_number,
    currency: c.currency,
    status: c.status,
    last_checked_at: c.last_checked_at,
    last_error: c.last_error,
    max_order_qty: c.max_order_qty,
    max_order_notional: c.max_order_notional,
    automation: c.automation,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function orderView(o: BrokerOrderRecord) {
  const { account_id: _a, idempotency_key: _k, request_digest: _d, automation_key: _m, ...shown } = o;
  return shown;
}

export function auditView(e: BrokerCallEntry) {
  const { connection_id: _c, ...shown } = e;
  return shown;
}

export function accountView(a: BrokerAccount) {
  return {
    account_number: a.accountNumber,
    status: a.status,
    currency: a.currency,
    buying_power: a.buyingPower,
    equity: a.equity,
    cash: a.cash,
    trading_blocked: a.tradingBlocked,
  };
}

export function positionView(p: BrokerPosition) {
  return {
    ticker: p.symbol,
    qty: p.qty,
    avg_entry_price: p.avgEntryPrice,
    market_value: p.marketValue,
    unrealized_pl: p.unrealizedPl,
  };
}

/** Runs a broker action; its refusal becomes the problem the customer reads. */
export async function orProblem<T>(action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) throw error;
    throw new ProblemError(error.code, error.message, {
      extras: error.extras,
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { headers: { 'retry-after': String(error.retryAfterSeconds) } }),
    });
  }
}
