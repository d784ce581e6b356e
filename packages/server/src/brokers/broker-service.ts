import type { BrokersConfig } from '../config/brokers-config.js';
import type {
  BrokerAutomation,
  BrokerConnectionPatch,
  BrokerConnectionRecord,
} from '../db/broker-connections-repo.js';
import { newId } from '../db/ids.js';
import type { CredentialCipher } from '../platform/crypto/credential-cipher.js';
import { type BrokerGateway, refusalOf } from './broker-gateway.js';
import {
  type BrokerAccount,
  type BrokerCredentials,
  type BrokerEnvironment,
  BrokerError,
  type BrokerPosition,
} from './broker-port.js';
import { BrokerRefusal } from './broker-refusal.js';
import { keyIdLast4, sealCredentials } from './connection-credentials.js';
import { type FollowCardsDeps, followCards } from './follow-cards.js';
import { KeyedQueue } from './keyed-queue.js';
import { type PlaceOrderRequest, placeCardOrder } from './place-card-order.js';
import { reconcileOrder, reconcileOrders } from './reconcile-orders.js';

export interface BrokerServiceDeps extends FollowCardsDeps {
  readonly gateway: BrokerGateway;
  readonly cipher: CredentialCipher;
  readonly config: BrokersConfig;
}

export interface LinkRequest {
  readonly account_id: string;
  readonly broker: string;
  readonly environment: BrokerEnvironment;
  readonly label: string;
  readonly key_id: string;
  readonly secret: string;
  readonly max_order_qty?: number;
  readonly max_order_notional?: number;
}

const notFound = (id: string) => new BrokerRefusal('not_found', `No broker connection ${id}.`);

/**
 * Broker connections and the orders placed through them (issue #30, ADR 0075): link (the credentials
 * proven by an account call before anything is stored), check, rotate, configure and delete a
 * connection; place a card's order; reconcile orders with the broker; the kill switch.
 */
export class BrokerService {
  /** Order requests in flight in this process, one at a time per (account, Idempotency-Key). */
  readonly #sameKey = new KeyedQueue();

  constructor(private readonly deps: BrokerServiceDeps) {}

  private async connection(account_id: string, id: string): Promise<BrokerConnectionRecord> {
    const c = await this.deps.connections.get(account_id, id);
    if (c === undefined) throw notFound(id);
    return c;
  }

  /** The broker account behind credentials not stored yet; refused credentials change nothing. */
  private async proveCredentials(
    target: { account_id: string; connection_id: string; broker: string },
    creds: BrokerCredentials,
    auditOnlySuccess: boolean,
  ): Promise<BrokerAccount> {
    try {
      return await this.deps.gateway.withCredentials(
        target,
        creds,
        (port, c, observe) => port.account(c, observe),
        null,
        auditOnlySuccess,
      );
    } catch (error) {
      const refusal = refusalOf(error, 'the account call');
      if (refusal instanceof BrokerRefusal && refusal.code === 'broker_credentials_rejected')
        throw new BrokerRefusal(
          'broker_credentials_rejected',
          `The broker did not accept this key id and secret for its ${creds.environment} environment; nothing was stored.`,
        );
      throw refusal;
    }
  }

  private caps(request: { max_order_qty?: number; max_order_notional?: number }) {
    const { maxOrderQty, maxOrderNotional } = this.deps.config;
    const over = [
      ...(request.max_order_qty !== undefined && request.max_order_qty > maxOrderQty
        ? [{ pointer: '/body/max_order_qty', detail: `must be at most ${maxOrderQty} on this server` }]
        : []),
      ...(request.max_order_notional !== undefined && request.max_order_notional > maxOrderNotional
        ? [
            {
              pointer: '/body/max_order_notional',
              detail: `must be at most ${maxOrderNotional} on this server`,
            },
          ]
        : []),
    ];
    if (over.length > 0)
      throw new BrokerRefusal('validation_failed', "The caps are over the server's limits.", {
        errors: over,
      });
  }

  async link(request: LinkRequest): Promise<BrokerConnectionRecord> {
    this.caps(request);
    const id = newId('bkc');
    const creds: BrokerCredentials = {
      environment: request.environment,
      keyId: request.key_id,
      secret: request.secret,
    };
    const full = () =>
      new BrokerRefusal(
        'conflict',
        `This account already has ${this.deps.config.maxConnections} broker connections; delete one first.`,
      );
    // Checked before the broker is called, and again (atomically) when the connection is stored.
    if ((await this.deps.connections.list(request.account_id)).length >= this.deps.config.maxConnections)
      throw full();
    const account = await this.proveCredentials(
      { account_id: request.account_id, connection_id: id, broker: request.broker },
      creds,
      true,
    );
    const made = await this.deps.connections.create(
      {
        id,
        account_id: request.account_id,
        broker: request.broker,
        environment: request.environment,
        label: request.label,
        key_id_last4: keyIdLast4(request.key_id),
        ciphertext: sealCredentials(this.deps.cipher, request.key_id, request.secret),
        broker_account_number: account.accountNumber,
        currency: account.currency,
        status: 'ok',
        last_checked_at: this.deps.clock.now().toISOString(),
        last_error: null,
        max_order_qty: request.max_order_qty ?? this.deps.config.maxOrderQty,
        max_order_notional: request.max_order_notional ?? this.deps.config.maxOrderNotional,
        automation: null,
      },
      this.deps.config.maxConnections,
    );
    if (!made.ok) throw full();
    return made.connection;
  }

  /** Calls the broker's account endpoint with the stored credentials; the connection records the result. */
  async test(
    account_id: string,
    id: string,
  ): Promise<{ connection: BrokerConnectionRecord; account: BrokerAccount }> {
    const connection = await this.connection(account_id, id);
    let account: BrokerAccount;
    try {
      account = await this.deps.gateway.call(connection, (port, creds, observe) =>
        port.account(creds, observe),
      );
    } catch (error) {
      throw refusalOf(error, 'the account call');
    }
    const after = await this.deps.connections.update(account_id, id, {
      status: 'ok',
      last_checked_at: this.deps.clock.now().toISOString(),
      last_error: null,
      broker_account_number: account.accountNumber,
      currency: account.currency,
    });
    if (after === undefined) throw notFound(id);
    return { connection: after, account };
  }

  /** New credentials for the same broker account (proven first; another account's keys are refused). */
  async rotate(
    account_id: string,
    id: string,
    key_id: string,
    secret: string,
  ): Promise<BrokerConnectionRecord> {
    const connection = await this.connection(account_id, id);
    const account = await this.proveCredentials(
      { account_id, connection_id: id, broker: connection.broker },
      { environment: connection.environment, keyId: key_id, secret },
      false,
    );
    if (
      connection.broker_account_number !== null &&
      account.accountNumber !== connection.broker_account_number
    )
      throw new BrokerRefusal(
        'conflict',
        `These credentials are for broker account ${account.accountNumber}, not ${connection.broker_account_number}: link another account as a new connection.`,
      );
    const after = await this.deps.connections.update(account_id, id, {
      ciphertext: sealCredentials(this.deps.cipher, key_id, secret),
      key_id_last4: keyIdLast4(key_id),
      status: 'ok',
      last_checked_at: this.deps.clock.now().toISOString(),
      last_error: null,
    });
    if (after === undefined) throw notFound(id);
    return after;
  }

  async configure(
    account_id: string,
    id: string,
    patch: Pick<BrokerConnectionPatch, 'label' | 'max_order_qty' | 'max_order_notional'> & {
      readonly automation?: BrokerAutomation | null;
    },
  ): Promise<BrokerConnectionRecord> {
    this.caps(patch);
    const after = await this.deps.connections.update(account_id, id, patch);
    if (after === undefined) throw notFound(id);
    return after;
  }

  async remove(account_id: string, id: string): Promise<void> {
    if (!(await this.deps.connections.delete(account_id, id))) throw notFound(id);
  }

  /**
   * Places a card's order. Requests with the same Idempotency-Key wait for one another in this process,
   * so duplicates find the first one's order instead of each asking the broker for prices and buying
   * power before the database catches them (issue #42: 20 at once made ~20 broker reads each).
   */
  place(request: PlaceOrderRequest) {
    if (request.idempotency_key === null) return placeCardOrder(this.deps, request);
    return this.#sameKey.run(`${request.account_id}\u0000${request.idempotency_key}`, () =>
      placeCardOrder(this.deps, request),
    );
  }

  /** One order, brought up to date with the broker when it may still change (a failing broker leaves it as stored). */
  async order(account_id: string, id: string) {
    const order = await this.deps.orders.get(account_id, id);
    if (order === undefined) throw new BrokerRefusal('not_found', `No order ${id}.`);
    const connection = await this.deps.connections.get(account_id, order.connection_id);
    if (connection === undefined || connection.status === 'failing') return order;
    return reconcileOrder(this.deps, connection, order).catch(() => order);
  }

  /**
   * Cancels an order whose entry has not filled completely (the broker cancels its legs with it); what
   * has filled stays a position its take-profit and stop keep working on.
   */
  async cancel(account_id: string, id: string) {
    const stored = await this.deps.orders.get(account_id, id);
    if (stored === undefined) throw new BrokerRefusal('not_found', `No order ${id}.`);
    const connection = await this.deps.connections.get(account_id, stored.connection_id);
    if (connection === undefined)
      throw new BrokerRefusal(
        'conflict',
        `Order ${id}'s broker connection has been deleted: cancel it at the broker (its order id is ${stored.broker_order_id ?? 'unknown'}).`,
        { state: stored.state },
      );
    // Judged on the broker's reading, not ours: it may have filled since we last looked.
    const order = await reconcileOrder(this.deps, connection, stored).catch((error: unknown) => {
      throw refusalOf(error, `the read of order ${id}`);
    });
    const why: Partial<Record<typeof order.state, string>> = {
      submitting: 'is still being submitted; retry in a minute',
      filled:
        'has filled: its take-profit and stop are working; close the position at the broker to leave early',
      closed: 'is closed',
      canceled: 'is already cancelled',
      expired: 'has expired',
      rejected: 'was rejected',
    };
    const reason = why[order.state];
    if (reason !== undefined || order.broker_order_id === null)
      throw new BrokerRefusal('conflict', `Order ${id} ${reason ?? 'has no broker order yet'}.`, {
        state: order.state,
      });
    const brokerId = order.broker_order_id;
    try {
      await this.deps.gateway.call(
        connection,
        (port, creds, observe) => port.cancel(creds, brokerId, observe),
        order.id,
      );
    } catch (error) {
      // Filled or cancelled at the broker meanwhile: the read below tells which.
      if (!(error instanceof BrokerError && error.kind === 'rejected'))
        throw refusalOf(error, `the cancel of order ${id}`);
    }
    return reconcileOrder(this.deps, connection, order).catch((error: unknown) => {
      throw refusalOf(error, `the read of order ${id}`);
    });
  }

  async positions(account_id: string, id: string): Promise<readonly BrokerPosition[]> {
    const connection = await this.connection(account_id, id);
    try {
      return await this.deps.gateway.call(connection, (port, creds, observe) =>
        port.positions(creds, observe),
      );
    } catch (error) {
      throw refusalOf(error, 'the positions call');
    }
  }

  /**
   * The kill switch: automation off first (nothing new is placed), then every open order of the broker
   * account cancelled, then the connection's orders read back so the record shows the cancellations.
   */
  async kill(
    account_id: string,
    id: string,
  ): Promise<{ canceled: readonly string[]; automation_disabled: boolean }> {
    const connection = await this.connection(account_id, id);
    const automationOn = connection.automation?.enabled === true;
    if (automationOn && connection.automation !== null)
      await this.deps.connections.update(account_id, id, {
        automation: { ...connection.automation, enabled: false },
      });
    let canceled: readonly string[];
    try {
      canceled = await this.deps.gateway.call(connection, (port, creds, observe) =>
        port.cancelAll(creds, observe),
      );
    } catch (error) {
      throw refusalOf(error, 'the kill switch (cancel all orders)');
    }
    await reconcileOrders(this.deps, { account_id, id }).catch(() => undefined);
    return { canceled, automation_disabled: automationOn };
  }

  reconcile() {
    return reconcileOrders(this.deps);
  }

  follow(session: string) {
    return followCards(this.deps, session);
  }
}
