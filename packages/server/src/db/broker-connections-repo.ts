import { belowAccountCap } from './account-cap.js';
import type { RepoContext } from './repo-context.js';
import type { BrokerConnectionsTable } from './schema.js';

/** What a connection follows by itself after each publication (issue #30); caps are per session. */
export interface BrokerAutomation {
  readonly enabled: boolean;
  /** Setups to follow; empty: every setup. */
  readonly setups: readonly string[];
  /** `long`, `short`, or both. */
  readonly directions: readonly ('long' | 'short')[];
  /** A card's expected R (net of costs) must be at least this. */
  readonly min_expected_r: number;
  /** What each order risks, in the account's currency (sizes it from the stop distance). */
  readonly risk_per_order: number;
  readonly max_orders_per_session: number;
  readonly max_risk_per_session: number;
}

/** A connection as stored; `ciphertext` is the only place its credentials exist. */
export interface BrokerConnectionRecord {
  readonly id: string;
  readonly account_id: string;
  readonly broker: string;
  readonly environment: 'paper' | 'live';
  readonly label: string;
  readonly key_id_last4: string;
  readonly ciphertext: string;
  readonly broker_account_number: string | null;
  readonly currency: string | null;
  readonly status: 'ok' | 'failing';
  readonly last_checked_at: string | null;
  readonly last_error: string | null;
  readonly max_order_qty: number;
  readonly max_order_notional: number;
  readonly automation: BrokerAutomation | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export type NewBrokerConnection = Omit<BrokerConnectionRecord, 'created_at' | 'updated_at'>;
export type BrokerConnectionPatch = Partial<
  Omit<BrokerConnectionRecord, 'id' | 'account_id' | 'broker' | 'environment' | 'created_at' | 'updated_at'>
>;

export interface BrokerConnectionsRepo {
  /** Inserts a connection unless the account already has `max` (checked in the same transaction). */
  create(
    connection: NewBrokerConnection,
    max: number,
  ): Promise<{ ok: true; connection: BrokerConnectionRecord } | { ok: false }>;
  get(account_id: string, id: string): Promise<BrokerConnectionRecord | undefined>;
  list(account_id: string): Promise<BrokerConnectionRecord[]>;
  /** Every account's connections whose automation is on (the publication runs them). */
  listAutomated(): Promise<BrokerConnectionRecord[]>;
  /** Undefined for another account's connection or one deleted meanwhile. */
  update(
    account_id: string,
    id: string,
    patch: BrokerConnectionPatch,
  ): Promise<BrokerConnectionRecord | undefined>;
  /** Deletes the connection and its credentials; its orders and audit log stay readable to the account. */
  delete(account_id: string, id: string): Promise<boolean>;
}

function toRecord(r: BrokerConnectionsTable): BrokerConnectionRecord {
  return {
    ...r,
    environment: r.environment as BrokerConnectionRecord['environment'],
    status: r.status as BrokerConnectionRecord['status'],
    max_order_qty: Number(r.max_order_qty),
    max_order_notional: Number(r.max_order_notional),
    automation: r.automation === null ? null : (JSON.parse(r.automation) as BrokerAutomation),
  };
}

function toRow(patch: BrokerConnectionPatch): Partial<BrokerConnectionsTable> {
  const { automation, ...rest } = patch;
  return automation === undefined
    ? rest
    : { ...rest, automation: automation === null ? null : JSON.stringify(automation) };
}

/** Broker connections over Kysely (either dialect). */
export function createBrokerConnectionsRepo({ db, dialect, now }: RepoContext): BrokerConnectionsRepo {
  const row = (account_id: string, id: string) =>
    db
      .selectFrom('broker_connections')
      .selectAll()
      .where('account_id', '=', account_id)
      .where('id', '=', id)
      .executeTakeFirst();
  return {
    async create(connection, max) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await belowAccountCap(trx, dialect, 'broker_connections', connection.account_id, max)))
          return { ok: false as const };
        const r = {
          ...(toRow(connection) as BrokerConnectionsTable),
          id: connection.id,
          account_id: connection.account_id,
          broker: connection.broker,
          environment: connection.environment,
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto('broker_connections').values(r).execute();
        return { ok: true as const, connection: toRecord(r) };
      });
    },

    async get(account_id, id) {
      const r = await row(account_id, id);
      return r === undefined ? undefined : toRecord(r);
    },

    async list(account_id) {
      const rows = await db
        .selectFrom('broker_connections')
        .selectAll()
        .where('account_id', '=', account_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    async listAutomated() {
      const rows = await db
        .selectFrom('broker_connections')
        .selectAll()
        .where('automation', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map(toRecord).filter((c) => c.automation?.enabled === true);
    },

    async update(account_id, id, patch) {
      const r = await db
        .updateTable('broker_connections')
        .set({ ...toRow(patch), updated_at: now() })
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return undefined;
      const after = await row(account_id, id);
      return after === undefined ? undefined : toRecord(after);
    },

    async delete(account_id, id) {
      const r = await db
        .deleteFrom('broker_connections')
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
