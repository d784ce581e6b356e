import { describe, expect, it } from 'vitest';
import type { NewBrokerConnection } from '../../../src/db/broker-connections-repo.js';
import type { NewBrokerOrder } from '../../../src/db/broker-orders-repo.js';
import { newId } from '../../../src/db/ids.js';
import type { GetState } from './harness.js';

function connection(account_id: string, over: Partial<NewBrokerConnection> = {}): NewBrokerConnection {
  return {
    id: newId('bkc'),
    account_id,
    broker: 'alpaca',
    environment: 'paper',
    label: 'paper',
    key_id_last4: 'WXYZ',
    ciphertext: 'sealed',
    broker_account_number: 'PA1',
    currency: 'USD',
    status: 'ok',
    last_checked_at: null,
    last_error: null,
    max_order_qty: 100,
    max_order_notional: 10_000,
    automation: null,
    ...over,
  };
}

function order(
  account_id: string,
  connection_id: string,
  over: Partial<NewBrokerOrder> = {},
): NewBrokerOrder {
  const id = newId('bko');
  return {
    id,
    account_id,
    connection_id,
    card_id: 'crd_x',
    session: '2026-11-20',
    origin: 'api',
    client_order_id: `bw-${id}`,
    idempotency_key: null,
    request_digest: 'd1',
    automation_key: null,
    group_id: null,
    ticker: 'AAPL',
    side: 'buy',
    qty: 10,
    limit_price: 100,
    take_profit_price: 110,
    stop_price: 95,
    risk: 50,
    ...over,
  };
}

export function brokersContract(state: GetState): void {
  describe('broker connections, orders and audit log', () => {
    it('keeps connections per account, within the per-account maximum, and never another account’s', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const b = await storage.accounts.create({ name: 'B', plan_id: null });
      const made = await storage.brokerConnections.create(connection(a.id), 2);
      expect(made.ok).toBe(true);
      const c = made.ok ? made.connection : undefined;
      expect(await storage.brokerConnections.get(b.id, c!.id)).toBeUndefined();
      expect(await storage.brokerConnections.update(b.id, c!.id, { label: 'x' })).toBeUndefined();
      expect(await storage.brokerConnections.delete(b.id, c!.id)).toBe(false);
      expect((await storage.brokerConnections.create(connection(a.id), 2)).ok).toBe(true);
      expect((await storage.brokerConnections.create(connection(a.id), 2)).ok).toBe(false);
      expect((await storage.brokerConnections.list(a.id)).length).toBe(2);
      expect(await storage.brokerConnections.list(b.id)).toEqual([]);
      const automation = {
        enabled: true,
        setups: [],
        directions: ['long' as const],
        min_expected_r: 0,
        risk_per_order: 50,
        max_orders_per_session: 2,
        max_risk_per_session: 100,
      };
      const updated = await storage.brokerConnections.update(a.id, c!.id, { automation, label: 'renamed' });
      expect(updated).toMatchObject({ automation, label: 'renamed', max_order_notional: 10_000 });
      expect((await storage.brokerConnections.listAutomated()).map((x) => x.id)).toContain(c!.id);
      expect(await storage.brokerConnections.delete(a.id, c!.id)).toBe(true);
      expect(await storage.brokerConnections.get(a.id, c!.id)).toBeUndefined();
    });

    it('reserves an order once per Idempotency-Key, and updates it only from the state it was read in', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const first = order(a.id, 'bkc_1', { idempotency_key: 'k1' });
      const r1 = await storage.brokerOrders.reserve(first);
      expect(r1).toMatchObject({ created: true, order: { state: 'submitting', filled_qty: 0 } });
      const r2 = await storage.brokerOrders.reserve(
        order(a.id, 'bkc_1', { idempotency_key: 'k1', request_digest: 'd2' }),
      );
      expect(r2.created).toBe(false);
      expect(r2.order.id).toBe(first.id);
      // Another account may use the same key.
      const b = await storage.accounts.create({ name: 'B', plan_id: null });
      expect(
        (await storage.brokerOrders.reserve(order(b.id, 'bkc_2', { idempotency_key: 'k1' }))).created,
      ).toBe(true);
      expect((await storage.brokerOrders.findByIdempotencyKey(a.id, 'k1'))?.id).toBe(first.id);
      const events = [{ type: 'order.filled', account_id: a.id, data: { order_id: first.id } }];
      const moved = await storage.brokerOrders.update(
        first.id,
        'submitting',
        { state: 'filled', filled_qty: 10 },
        events,
      );
      expect(moved).toMatchObject({ state: 'filled', filled_qty: 10 });
      // A second process holding the stale reading changes nothing and tells nothing.
      expect(
        await storage.brokerOrders.update(first.id, 'submitting', { state: 'canceled' }, events),
      ).toBeUndefined();
      const told = await storage.events.listForAccount(a.id, 0, 1000);
      expect(
        told.filter(
          (e) => e.type === 'order.filled' && (e.data as { order_id: string }).order_id === first.id,
        ),
      ).toHaveLength(1);
      expect(await storage.brokerOrders.get(b.id, first.id)).toBeUndefined();
      expect((await storage.brokerOrders.listLive('bkc_1')).map((o) => o.id)).toEqual([first.id]);
    });

    it('keeps automation within its caps when reservations race, and once per card', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const conn = newId('bkc');
      const caps = { maxOrders: 3, maxRisk: 120 };
      const tries = Array.from({ length: 12 }, (_, i) =>
        order(a.id, conn, {
          origin: 'automation',
          card_id: `crd_${i % 6}`,
          automation_key: `${conn}:crd_${i % 6}`,
          risk: 40,
        }),
      );
      const results = await Promise.all(tries.map((o) => storage.brokerOrders.reserveWithin(o, caps)));
      const made = results.filter((r) => r !== undefined);
      expect(made).toHaveLength(3);
      expect(new Set(made.map((m) => m.card_id)).size).toBe(3);
      expect(await storage.brokerOrders.automationSpent(conn, '2026-11-20')).toEqual({
        orders: 3,
        risk: 120,
      });
      // Another session starts from nothing.
      expect(
        await storage.brokerOrders.reserveWithin(
          order(a.id, conn, {
            origin: 'automation',
            session: '2026-11-23',
            automation_key: `${conn}:crd_9`,
            risk: 40,
          }),
          caps,
        ),
      ).toBeDefined();
    });

    it('lists the audit log newest first, per account and connection, in pages', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const conn = newId('bkc');
      for (let i = 0; i < 5; i++)
        await storage.brokerCalls.append({
          account_id: a.id,
          connection_id: conn,
          order_id: null,
          at: `2026-11-20T14:00:0${i}.000Z`,
          method: 'GET',
          path: '/v2/account',
          request_body: null,
          status: 200,
          response_body: { i },
          duration_ms: 3,
          error: null,
        });
      const first = await storage.brokerCalls.list(a.id, conn, { limit: 3 });
      expect(first.map((e) => e.response_body)).toEqual([{ i: 4 }, { i: 3 }, { i: 2 }]);
      const last = first.at(-1)!;
      const next = await storage.brokerCalls.list(a.id, conn, {
        limit: 3,
        before: { at: last.at, id: last.id },
      });
      expect(next.map((e) => e.response_body)).toEqual([{ i: 1 }, { i: 0 }]);
      const b = await storage.accounts.create({ name: 'B', plan_id: null });
      expect(await storage.brokerCalls.list(b.id, conn, { limit: 3 })).toEqual([]);
    });
  });
}
