import type { Clock } from '../../clock/clock.js';
import type { EventsConfig } from '../../config/events-config.js';
import type { EventRecord } from '../../db/event-outbox.js';
import type { Storage } from '../../db/repositories.js';
import type { ClaimedDelivery, DeliveryNext, WebhookEndpointRecord } from '../../db/webhook-records.js';
import type { CredentialCipher } from '../../platform/crypto/credential-cipher.js';
import type { PlanCatalog } from '../../platform/plans/plan-catalog.js';
import { mayReceive } from '../event-catalog.js';
import type { EventHub } from '../event-hub.js';
import { postWebhook, type WebhookAttemptResult } from './post-webhook.js';
import { nextAttemptDelayMs } from './retry-schedule.js';
import { signWebhook } from './webhook-signer.js';

export interface WebhookDispatcherDeps {
  readonly storage: Storage;
  readonly plans: PlanCatalog;
  readonly cipher: CredentialCipher;
  /**
   * Real time, as the storage keeps it (not the service's as-of clock): deliveries happen in the real
   * world, so attempts, leases and retries are scheduled in it. Tests pass a clock they move forward.
   */
  readonly clock: Clock;
  /** Real time, which `webhook-timestamp` must carry whatever the service's clock says. */
  readonly wallClock: Clock;
  readonly hub: EventHub;
  readonly config: EventsConfig;
  readonly log?: { warn(obj: object, msg: string): void };
}

export interface WebhookDispatcherOptions {
  /** Attempts in flight in this process at once (default 32). */
  readonly concurrency?: number;
  /** Attempts in flight to one endpoint from this process (default 4): a slow receiver cannot take every slot. */
  readonly perEndpoint?: number;
  /** How often due retries are looked for without a wake-up (default 1 s). */
  readonly pollMs?: number;
  readonly random?: () => number;
}

/** The fan-out's cursor in `event_cursors`. */
const CURSOR = 'webhooks';
const FAN_OUT_PAGE = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Delivers the events log to webhook endpoints (Standard Webhooks v1; ADR 0069). Two loops, both driven
 * by the hub's wake-ups and a poll:
 *
 * - Fan-out reads events after its cursor and records one delivery per matching endpoint, moving the cursor
 *   in the same transaction (compare-and-set, so of several processes exactly one fans an event out).
 * - Delivery claims due deliveries with a lease (another process's expired lease included: it died
 *   mid-attempt), posts each signed event, and records the attempt and what follows — success, a retry on
 *   the schedule (Retry-After honoured), or giving up — fenced by the attempt number. A receiver answering
 *   410, or failing without a success for `disableAfterDays`, gets its endpoint disabled and its owner an
 *   event.
 *
 * The database rows are the queue: every process that runs a dispatcher (embedded `serve`; in a cluster
 * the workers, and API nodes unless `BELLWETHER_WEBHOOK_DELIVERY=off`) takes its share, and a process
 * killed mid-attempt loses nothing — its lease runs out and the attempt is made again with the same
 * `webhook-id`.
 */
export class WebhookDispatcher {
  readonly #deps: WebhookDispatcherDeps;
  readonly #concurrency: number;
  readonly #perEndpoint: number;
  readonly #pollMs: number;
  readonly #random: () => number;
  readonly #inFlight = new Map<string, number>();
  readonly #active = new Set<Promise<void>>();
  #running = false;
  #again = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;
  #lastPurge = 0;

  constructor(deps: WebhookDispatcherDeps, options: WebhookDispatcherOptions = {}) {
    this.#deps = deps;
    this.#concurrency = options.concurrency ?? 32;
    this.#perEndpoint = options.perEndpoint ?? 4;
    this.#pollMs = options.pollMs ?? 1000;
    this.#random = options.random ?? Math.random;
  }

  /** How long an attempt may hold its delivery: the attempt's timeout and a margin for recording it. */
  get leaseMs(): number {
    return this.#deps.config.timeoutSeconds * 1000 + 5000;
  }

  start(): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#unlisten = this.#deps.hub.listen(() => this.kick());
    this.#timer = setInterval(() => this.kick(), this.#pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Runs both loops now (again after the current round, if one is running). */
  kick(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    void this.#round()
      .catch((err: unknown) => this.#deps.log?.warn({ err }, 'webhook dispatch round failed'))
      .finally(() => {
        this.#running = false;
        if (this.#again && !this.#closed) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Resolves once nothing is in flight (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.#running || this.#active.size > 0) {
      await Promise.race([...this.#active, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  /** Stops claiming; attempts in flight finish and are recorded. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unlisten?.();
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await Promise.allSettled([...this.#active]);
  }

  async #round(): Promise<void> {
    while (!this.#closed && (await this.#fanOut())) {}
    await this.#claimAndDeliver();
    await this.#purgeHourly();
  }

  /** One page of the fan-out; true when it moved the cursor (there may be more). */
  async #fanOut(): Promise<boolean> {
    const { storage } = this.#deps;
    const from = await storage.webhooks.cursor(CURSOR);
    const events = await storage.events.page(from, FAN_OUT_PAGE);
    const last = events.at(-1);
    if (last === undefined) return false;
    const endpoints = await storage.webhooks.listEnabledEndpoints();
    const deliveries = await this.#match(events, endpoints);
    return storage.webhooks.commitFanOut(
      CURSOR,
      from,
      last.seq,
      this.#deps.clock.now().toISOString(),
      deliveries,
    );
  }

  async #match(events: readonly EventRecord[], endpoints: readonly WebhookEndpointRecord[]) {
    const entitlements = new Map<string, readonly string[]>();
    const entitled = async (account_id: string): Promise<readonly string[]> => {
      let e = entitlements.get(account_id);
      if (e === undefined) {
        const account = await this.#deps.storage.accounts.get(account_id);
        const plan = account?.plan_id == null ? undefined : this.#deps.plans.get(account.plan_id);
        e = plan?.entitlements ?? [];
        entitlements.set(account_id, e);
      }
      return e;
    };
    const out = [];
    for (const event of events) {
      // Test events are queued by the request that makes them, for their one endpoint.
      if (event.endpoint_id !== null) continue;
      for (const endpoint of endpoints) {
        if (event.account_id !== null && event.account_id !== endpoint.account_id) continue;
        if (endpoint.event_types.length > 0 && !endpoint.event_types.includes(event.type)) continue;
        if (!mayReceive(event.type, await entitled(endpoint.account_id))) continue;
        out.push({
          endpoint_id: endpoint.id,
          account_id: endpoint.account_id,
          event_seq: event.seq,
          event_id: event.id,
          event_type: event.type,
        });
      }
    }
    return out;
  }

  async #claimAndDeliver(): Promise<void> {
    const { storage, clock } = this.#deps;
    const room = this.#concurrency - this.#active.size;
    if (room <= 0 || this.#closed) return;
    const now = clock.now();
    const claims = await storage.webhooks.claimDue(
      now.toISOString(),
      new Date(now.getTime() + this.leaseMs).toISOString(),
      room,
      { perEndpoint: this.#perEndpoint, inFlight: this.#inFlight },
    );
    for (const claim of claims) {
      const endpointId = claim.delivery.endpoint_id;
      this.#inFlight.set(endpointId, (this.#inFlight.get(endpointId) ?? 0) + 1);
      const task = this.#attempt(claim)
        .catch((err: unknown) =>
          this.#deps.log?.warn({ err, delivery_id: claim.delivery.id }, 'webhook attempt not recorded'),
        )
        .finally(() => {
          this.#active.delete(task);
          const left = (this.#inFlight.get(endpointId) ?? 1) - 1;
          if (left === 0) this.#inFlight.delete(endpointId);
          else this.#inFlight.set(endpointId, left);
          // A slot is free: more may be due.
          this.kick();
        });
      this.#active.add(task);
    }
  }

  async #attempt(claim: ClaimedDelivery): Promise<void> {
    const { storage, clock, wallClock, cipher, config } = this.#deps;
    const { delivery } = claim;
    const startedAt = clock.now();
    const endpoint = await storage.webhooks.endpointById(delivery.endpoint_id);
    const event = await storage.events.get(delivery.event_id);
    if (endpoint === undefined || endpoint.status !== 'enabled' || event === undefined) {
      const error =
        event === undefined
          ? 'the event is no longer retained'
          : 'the endpoint was disabled or deleted before this attempt';
      await storage.webhooks.finishAttempt(
        claim,
        {
          started_at: startedAt.toISOString(),
          duration_ms: 0,
          outcome: 'refused',
          status: null,
          error,
          response_excerpt: null,
        },
        { status: 'canceled' },
      );
      return;
    }
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      timestamp: event.occurred_at,
      data: event.data,
    });
    const secrets = [cipher.decrypt(endpoint.secret_ciphertext)];
    if (
      endpoint.previous_secret_ciphertext !== null &&
      endpoint.previous_secret_expires_at !== null &&
      endpoint.previous_secret_expires_at > startedAt.toISOString()
    )
      secrets.push(cipher.decrypt(endpoint.previous_secret_ciphertext));
    const timestamp = Math.floor(wallClock.now().getTime() / 1000);
    const result = await postWebhook({
      url: endpoint.url,
      headers: {
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secrets, event.id, timestamp, body),
      },
      body,
      timeoutMs: config.timeoutSeconds * 1000,
      allowPrivate: config.allowPrivate,
    });
    const next = this.#next(claim.attempt, result);
    const recorded = await storage.webhooks.finishAttempt(
      claim,
      {
        started_at: startedAt.toISOString(),
        duration_ms: Math.round(result.durationMs),
        outcome: result.outcome,
        status: result.status ?? null,
        error: result.error ?? null,
        response_excerpt: result.responseExcerpt ?? null,
      },
      next,
    );
    if (!recorded) return;
    if (result.outcome === 'gone') await this.#disable(endpoint, 'gone');
    else if (result.outcome !== 'success') {
      const since = endpoint.failing_since ?? startedAt.toISOString();
      if (startedAt.getTime() - Date.parse(since) >= config.disableAfterDays * DAY_MS)
        await this.#disable(endpoint, 'failing');
    }
  }

  #next(attempt: number, result: WebhookAttemptResult): DeliveryNext {
    if (result.outcome === 'success') return { status: 'succeeded' };
    if (result.outcome === 'gone') return { status: 'failed' };
    const delay = nextAttemptDelayMs(attempt, result.retryAfterMs, this.#random);
    if (delay === undefined) return { status: 'failed' };
    return {
      status: 'pending',
      next_attempt_at: new Date(this.#deps.clock.now().getTime() + delay).toISOString(),
    };
  }

  async #disable(endpoint: WebhookEndpointRecord, reason: 'gone' | 'failing'): Promise<void> {
    await this.#deps.storage.webhooks.disableEndpoint(endpoint.id, reason, [
      {
        type: 'webhook.endpoint_disabled',
        account_id: endpoint.account_id,
        data: {
          endpoint_id: endpoint.id,
          url: endpoint.url,
          reason,
          failing_since: reason === 'failing' ? endpoint.failing_since : null,
        },
      },
    ]);
  }

  async #purgeHourly(): Promise<void> {
    const now = this.#deps.clock.now().getTime();
    if (now - this.#lastPurge < HOUR_MS) return;
    this.#lastPurge = now;
    const { storage, config } = this.#deps;
    const before = new Date(now - config.retentionDays * DAY_MS).toISOString();
    await storage.webhooks.purge(before);
    await storage.events.purge(before, await storage.webhooks.cursor(CURSOR));
  }
}
