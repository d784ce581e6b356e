import { type Kysely, sql } from 'kysely';
import { appendEvents, type NewEvent } from './event-outbox.js';
import { after as olderThan } from './newest-first.js';
import type { RepoContext } from './repo-context.js';
import type { BrokerOrdersTable, Database } from './schema.js';

export type BrokerOrderState =
  | 'submitting'
  | 'open'
  | 'partially_filled'
  | 'filled'
  | 'closed'
  | 'canceled'
  | 'expired'
  | 'rejected';

/** An order placed from a card, as stored. */
export interface BrokerOrderRecord {
  readonly id: string;
  readonly account_id: string;
  readonly connection_id: string;
  readonly card_id: string;
  readonly session: string;
  readonly origin: 'api' | 'automation';
  readonly client_order_id: string;
  readonly idempotency_key: string | null;
  readonly request_digest: string;
  readonly automation_key: string | null;
  /** Both halves of a split T1/T2 order carry the first half's id; null for a single bracket. */
  readonly group_id: string | null;
  readonly ticker: string;
  readonly side: 'buy' | 'sell';
  readonly qty: number;
  readonly limit_price: number;
  readonly take_profit_price: number;
  readonly stop_price: number;
  readonly risk: number;
  readonly state: BrokerOrderState;
  readonly broker_order_id: string | null;
  readonly broker_status: string | null;
  readonly filled_qty: number;
  readonly filled_avg_price: number | null;
  readonly exit_reason: 'take_profit' | 'stop' | null;
  readonly exit_price: number | null;
  readonly realised_r: number | null;
  readonly error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** What the broker's answers set on an order after it is reserved (reconciliation's patch). */
type BrokerSetField =
  | 'state'
  | 'broker_order_id'
  | 'broker_status'
  | 'filled_qty'
  | 'filled_avg_price'
  | 'exit_reason'
  | 'exit_price'
  | 'realised_r'
  | 'error';

export type NewBrokerOrder = Omit<BrokerOrderRecord, 'created_at' | 'updated_at' | BrokerSetField>;

export type BrokerOrderPatch = Partial<Pick<BrokerOrderRecord, BrokerSetField>>;

/** States after which the broker has nothing more to tell about an order. */
export const FINAL_ORDER_STATES: readonly BrokerOrderState[] = ['closed', 'canceled', 'expired', 'rejected'];

export interface BrokerOrdersRepo {
  /**
   * Inserts the order in state `submitting` — before anything is sent, so its client order id is on
   * record first — unless its Idempotency-Key (per account) or automation key is already taken: then
   * the order that holds it.
   */
  reserve(order: NewBrokerOrder): Promise<{ created: boolean; order: BrokerOrderRecord }>;
  /**
   * `reserve` for a split order: the first half as `reserve` does and, only if it was inserted, the
   * other in the same transaction, so a split is on record whole or not at all.
   */
  reserveSplit(
    first: NewBrokerOrder,
    second: NewBrokerOrder,
  ): Promise<{ created: boolean; orders: BrokerOrderRecord[] }>;
  /** The orders of a split, first half first. */
  listGroup(account_id: string, group_id: string): Promise<BrokerOrderRecord[]>;
  /**
   * An automation order's reservation: inserted only while the connection's automation orders and risk
   * this session, this one included, stay within `caps` — counted and inserted under one lock per
   * connection, so processes placing at once cannot pass a cap between them. Undefined when over a cap
   * or the card already has its automation order.
   */
  reserveWithin(
    order: NewBrokerOrder,
    caps: { readonly maxOrders: number; readonly maxRisk: number },
  ): Promise<BrokerOrderRecord | undefined>;
  findByIdempotencyKey(account_id: string, key: string): Promise<BrokerOrderRecord | undefined>;
  get(account_id: string, id: string): Promise<BrokerOrderRecord | undefined>;
  listByCard(account_id: string, card_id: string): Promise<BrokerOrderRecord[]>;
  /** Newest first, `before` an order id's (created_at, id) for the next page. */
  listByConnection(
    account_id: string,
    connection_id: string,
    page: { readonly limit: number; readonly before?: { created_at: string; id: string } },
  ): Promise<BrokerOrderRecord[]>;
  /** A connection's orders the broker may still change (every connection's when omitted). */
  listLive(connection_id?: string): Promise<BrokerOrderRecord[]>;
  /** The automation's orders and risk this session, failed submissions not counted. */
  automationSpent(connection_id: string, session: string): Promise<{ orders: number; risk: number }>;
  /**
   * Applies what the broker said, with the events the change implies, in one transaction, only if the
   * order is still in `from` (so two processes reconciling the same order tell each change once).
   */
  update(
    id: string,
    from: BrokerOrderState,
    patch: BrokerOrderPatch,
    events?: readonly NewEvent[],
  ): Promise<BrokerOrderRecord | undefined>;
}

const LIVE_STATES: readonly BrokerOrderState[] = ['submitting', 'open', 'partially_filled', 'filled'];

function toRecord(r: BrokerOrdersTable): BrokerOrderRecord {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...r,
    origin: r.origin as BrokerOrderRecord['origin'],
    side: r.side as BrokerOrderRecord['side'],
    state: r.state as BrokerOrderState,
    exit_reason: r.exit_reason as BrokerOrderRecord['exit_reason'],
    qty: Number(r.qty),
    limit_price: Number(r.limit_price),
    take_profit_price: Number(r.take_profit_price),
    stop_price: Number(r.stop_price),
    risk: Number(r.risk),
    filled_qty: Number(r.filled_qty),
    filled_avg_price: num(r.filled_avg_price),
    exit_price: num(r.exit_price),
    realised_r: num(r.realised_r),
  };
}

/** Orders placed from cards, over Kysely (either dialect). */
export function createBrokerOrdersRepo({ db, dialect, now, eventSignal }: RepoContext): BrokerOrdersRepo {
  const byId = async (id: string) => {
    const r = await db.selectFrom('broker_orders').selectAll().where('id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : toRecord(r);
  };
  const newRow = (order: NewBrokerOrder, at: string): BrokerOrdersTable => ({
    ...order,
    state: 'submitting',
    broker_order_id: null,
    broker_status: null,
    filled_qty: 0,
    filled_avg_price: null,
    exit_reason: null,
    exit_price: null,
    realised_r: null,
    error: null,
    created_at: at,
    updated_at: at,
  });
  const spent = async (trx: Kysely<Database>, connection_id: string, session: string) => {
    const r = await trx
      .selectFrom('broker_orders')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.sum<string | number>('risk').as('risk'),
      ])
      .where('connection_id', '=', connection_id)
      .where('session', '=', session)
      .where('origin', '=', 'automation')
      .where('state', '!=', 'rejected')
      .executeTakeFirst();
    return { orders: Number(r?.n ?? 0), risk: Number(r?.risk ?? 0) };
  };
  return {
    async reserveWithin(order, caps) {
      return db.transaction().execute(async (trx) => {
        // Serialises automation per connection (SQLite: BEGIN IMMEDIATE already does).
        if (dialect === 'postgres')
          await sql`select pg_advisory_xact_lock(hashtext(${`bellwether.automation.${order.connection_id}`}))`.execute(
            trx,
          );
        const used = await spent(trx, order.connection_id, order.session);
        if (used.orders + 1 > caps.maxOrders || used.risk + order.risk > caps.maxRisk + 1e-9)
          return undefined;
        const row = newRow(order, now());
        const r = await trx
          .insertInto('broker_orders')
          .values(row)
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        return Number(r.numInsertedOrUpdatedRows ?? 0) === 1 ? toRecord(row) : undefined;
      });
    },

    async reserveSplit(first, second) {
      const at = now();
      const rows = [newRow(first, at), newRow(second, at)];
      const made = await db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('broker_orders')
          .values(rows[0] as BrokerOrdersTable)
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        await trx
          .insertInto('broker_orders')
          .values(rows[1] as BrokerOrdersTable)
          .execute();
        return true;
      });
      if (made) return { created: true, orders: rows.map(toRecord) };
      const held = await this.reserve(first);
      return {
        created: false,
        orders:
          held.order.group_id === null
            ? [held.order]
            : await this.listGroup(first.account_id, held.order.group_id),
      };
    },

    async listGroup(account_id, group_id) {
      const rows = await db
        .selectFrom('broker_orders')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('group_id', '=', group_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord).sort((a, b) => (a.id === group_id ? -1 : b.id === group_id ? 1 : 0));
    },

    async findByIdempotencyKey(account_id, key) {
      const r = await db
        .selectFrom('broker_orders')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return r === undefined ? undefined : toRecord(r);
    },

    async reserve(order) {
      const row = newRow(order, now());
      const r = await db
        .insertInto('broker_orders')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return { created: true, order: toRecord(row) };
      let q = db.selectFrom('broker_orders').selectAll();
      q =
        order.idempotency_key !== null
          ? q.where('account_id', '=', order.account_id).where('idempotency_key', '=', order.idempotency_key)
          : order.automation_key !== null
            ? q.where('automation_key', '=', order.automation_key)
            : q.where('client_order_id', '=', order.client_order_id);
      const held = await q.executeTakeFirst();
      if (held === undefined) throw new Error('an order conflicted on insert but none holds its keys');
      return { created: false, order: toRecord(held) };
    },

    async get(account_id, id) {
      const r = await db
        .selectFrom('broker_orders')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .executeTakeFirst();
      return r === undefined ? undefined : toRecord(r);
    },

    async listByCard(account_id, card_id) {
      const rows = await db
        .selectFrom('broker_orders')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('card_id', '=', card_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    async listByConnection(account_id, connection_id, page) {
      let q = db
        .selectFrom('broker_orders')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('connection_id', '=', connection_id);
      const before = page.before;
      if (before !== undefined)
        q = q.where(olderThan('created_at', { time: before.created_at, id: before.id }));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
      return rows.map(toRecord);
    },

    async listLive(connection_id) {
      let q = db.selectFrom('broker_orders').selectAll().where('state', 'in', LIVE_STATES);
      if (connection_id !== undefined) q = q.where('connection_id', '=', connection_id);
      return (await q.orderBy('created_at').orderBy('id').execute()).map(toRecord);
    },

    automationSpent: (connection_id, session) => spent(db, connection_id, session),

    async update(id, from, patch, events = []) {
      const at = now();
      const wrote = await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('broker_orders')
          .set({ ...patch, updated_at: at })
          .where('id', '=', id)
          .where('state', '=', from)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await appendEvents(trx, events, at);
        return true;
      });
      if (!wrote) return undefined;
      if (events.length > 0) eventSignal.notify();
      return byId(id);
    },
  };
}
