import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Clock } from '../../clock/clock.js';
import type { EventsConfig } from '../../config/events-config.js';
import type { EventRecord } from '../../db/event-outbox.js';
import type { Storage } from '../../db/repositories.js';
import type {
  ClaimedDelivery,
  DeliveryNext,
  WebhookAttemptRecord,
  WebhookEndpointRecord,
} from '../../db/webhook-records.js';
import type { CredentialCipher } from '../../platform/crypto/credential-cipher.js';
import type { PlanCatalog } from '../../platform/plans/plan-catalog.js';
import { mayReceive } from '../event-catalog.js';
import { eventEnvelope } from '../event-envelope.js';
import type { EventHub } from '../event-hub.js';
import { failureAnswer } from './delivery-failures.js';
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
  /** Told of each failed attempt, by what the endpoint answered (failureAnswer), for /metrics. */
  readonly onFailure?: (answer: string) => void;
}

export interface WebhookDispatcherOptions {
  /** Attempts in flight in this process at once (default 32). */
  readonly concurrency?: number;
  /** Attempts in flight to one endpoint from this process (default 4): a slow receiver cannot take every slot. */
  readonly perEndpoint?: number;
  /**
   * Attempts in flight for one account from this process (default a quarter of `concurrency`): an account
   * whose receivers hang holds at most its share, so another account's deliveries never wait for them.
   */
  readonly perAccount?: number;
  /** How often due retries are looked for without a wake-up (default 1 s). */
  readonly pollMs?: number;
  readonly random?: () => number;
}

/** The fan-out's cursor in `event_cursors`. */
const CURSOR = 'webhooks';
const FAN_OUT_PAGE = 500;
const FAN_OUT_ROWS = 500;
/** Entries of the body and secret caches before they start over. */
const CACHE_ENTRIES = 1000;
/** Free slots a claim waits for while attempts are in flight. */
const CLAIM_BATCH = 8;
/** Attempts recorded in one transaction at most, and how long a finished attempt waits for company. */
const FLUSH_BATCH = 64;
const FLUSH_AFTER_MS = 10;

interface Finished {
  readonly claim: ClaimedDelivery;
  readonly attempt: Omit<WebhookAttemptRecord, 'delivery_id' | 'attempt'>;
  readonly next: DeliveryNext;
  readonly result: WebhookAttemptResult;
}
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One more attempt in flight for `id`. */
function hold(counts: Map<string, number>, id: string): void {
  counts.set(id, (counts.get(id) ?? 0) + 1);
}

/** One attempt fewer in flight for `id` (the entry goes at zero). */
function letGo(counts: Map<string, number>, id: string): void {
  const left = (counts.get(id) ?? 1) - 1;
  if (left === 0) counts.delete(id);
  else counts.set(id, left);
}

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
  readonly #perAccount: number;
  readonly #pollMs: number;
  readonly #random: () => number;
  readonly #inFlight = new Map<string, number>();
  readonly #accountsInFlight = new Map<string, number>();
  readonly #active = new Set<Promise<void>>();
  /** Attempts made, waiting to be recorded together (one transaction per batch, not per attempt). */
  #finished: Finished[] = [];
  #flushTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  /** Set by a wake-up or the poll: the log may have grown, so the next round fans out first. */
  #fanOutDue = true;
  #running = false;
  #current: Promise<void> = Promise.resolve();
  #again = false;
  /** Decrypted secrets by ciphertext, and signed bodies by event id: the same for every delivery. */
  readonly #secrets = new Map<string, string>();
  readonly #bodies = new Map<string, string>();
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;
  #lastPurge = 0;
  /**
   * Connections kept alive between attempts to the same receiver (a burst of events to one endpoint reuses
   * them); at most as many per origin as attempts may be in flight, so none waits for a socket.
   */
  readonly #agents: { readonly http: HttpAgent; readonly https: HttpsAgent };

  constructor(deps: WebhookDispatcherDeps, options: WebhookDispatcherOptions = {}) {
    this.#deps = deps;
    this.#concurrency = options.concurrency ?? 32;
    this.#perEndpoint = options.perEndpoint ?? 4;
    this.#perAccount = options.perAccount ?? Math.max(1, Math.floor(this.#concurrency / 4));
    this.#pollMs = options.pollMs ?? 1000;
    this.#random = options.random ?? Math.random;
    const pool = { keepAlive: true, maxSockets: Math.max(1, this.#concurrency), timeout: 30_000 };
    this.#agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };
  }

  /** How long an attempt may hold its delivery: the attempt's timeout and a margin for recording it. */
  get leaseMs(): number {
    return this.#deps.config.timeoutSeconds * 1000 + 5000;
  }

  start(): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#unlisten = this.#deps.hub.listen(() => this.kick(true));
    this.#timer = setInterval(() => this.kick(true), this.#pollMs);
    this.#timer.unref();
    this.kick(true);
  }

  /**
   * Claims due deliveries now, after fanning out new events when `fanOut` (a wake-up, the poll) — again
   * after the current round, if one is running.
   */
  kick(fanOut = false): void {
    if (this.#closed) return;
    if (fanOut) this.#fanOutDue = true;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#current = this.#round()
      .catch((err: unknown) => this.#deps.log?.warn({ err }, 'webhook dispatch round failed'))
      .finally(() => {
        this.#running = false;
        if (this.#again && !this.#closed) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Resolves once nothing is in flight or waiting to be recorded (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.#running || this.#active.size > 0 || this.#finished.length > 0) {
      // A timer in every wait: a resolved promise alone would spin without letting the flush timer fire.
      await Promise.race([...this.#active, new Promise((r) => setTimeout(r, 10))]);
    }
    await this.#flushing;
  }

  /** Stops claiming; attempts in flight finish and are recorded. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unlisten?.();
    if (this.#timer !== undefined) clearInterval(this.#timer);
    // The round in progress finishes before the storage it reads may be closed.
    await this.#current;
    await Promise.allSettled([...this.#active]);
    await this.#flush();
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }

  async #round(): Promise<void> {
    if (this.#fanOutDue) {
      this.#fanOutDue = false;
      while (!this.#closed && (await this.#fanOut())) {}
    }
    await this.#claimAndDeliver();
    await this.#purgeHourly();
  }

  /** One page of the fan-out; true when it moved the cursor (there may be more). */
  async #fanOut(): Promise<boolean> {
    const { storage } = this.#deps;
    const endpoints = await storage.webhooks.listEnabledEndpoints();
    const from = await storage.webhooks.cursor(CURSOR);
    // A page writes at most about FAN_OUT_ROWS deliveries: the transaction stays short (on SQLite it
    // holds the event loop while it runs).
    const events = await storage.events.page(
      from,
      Math.max(1, Math.min(FAN_OUT_PAGE, Math.floor(FAN_OUT_ROWS / Math.max(1, endpoints.length)))),
    );
    const last = events.at(-1);
    if (last === undefined) return false;
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
    // Claims come in batches (one transaction each): with attempts in flight, wait for a few free slots.
    if (room <= 0 || this.#closed || (this.#active.size > 0 && room < CLAIM_BATCH)) return;
    const now = clock.now();
    const claims = await storage.webhooks.claimDue(
      now.toISOString(),
      new Date(now.getTime() + this.leaseMs).toISOString(),
      room,
      {
        perEndpoint: this.#perEndpoint,
        inFlight: this.#inFlight,
        perAccount: this.#perAccount,
        accountsInFlight: this.#accountsInFlight,
      },
    );
    for (const claim of claims) {
      const endpointId = claim.delivery.endpoint_id;
      const accountId = claim.delivery.account_id;
      hold(this.#inFlight, endpointId);
      hold(this.#accountsInFlight, accountId);
      const task = this.#attempt(claim)
        .catch((err: unknown) =>
          this.#deps.log?.warn({ err, delivery_id: claim.delivery.id }, 'webhook attempt not recorded'),
        )
        .finally(() => {
          this.#active.delete(task);
          letGo(this.#inFlight, endpointId);
          letGo(this.#accountsInFlight, accountId);
          // A slot is free: more may be due.
          this.kick();
        });
      this.#active.add(task);
    }
  }

  async #attempt(claim: ClaimedDelivery): Promise<void> {
    const { clock, wallClock, config } = this.#deps;
    const { endpoint, event } = claim;
    const startedAt = clock.now();
    if (endpoint === undefined || endpoint.status !== 'enabled' || event === undefined) {
      const error =
        event === undefined
          ? 'the event is no longer retained'
          : 'the endpoint was disabled or deleted before this attempt';
      this.#record({
        claim,
        attempt: {
          started_at: startedAt.toISOString(),
          duration_ms: 0,
          outcome: 'refused',
          status: null,
          error,
          response_excerpt: null,
        },
        next: { status: 'canceled' },
        result: { outcome: 'refused', error, durationMs: 0 },
      });
      return;
    }
    const body = this.#body(event);
    const secrets = [this.#secret(endpoint.secret_ciphertext)];
    if (
      endpoint.previous_secret_ciphertext !== null &&
      endpoint.previous_secret_expires_at !== null &&
      endpoint.previous_secret_expires_at > startedAt.toISOString()
    )
      secrets.push(this.#secret(endpoint.previous_secret_ciphertext));
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
      agents: this.#agents,
    });
    const next = this.#next(claim.attempt, result);
    if (result.outcome !== 'success') this.#failed(claim, result, next);
    this.#record({
      claim,
      attempt: {
        started_at: startedAt.toISOString(),
        duration_ms: Math.round(result.durationMs),
        outcome: result.outcome,
        status: result.status ?? null,
        error: result.error ?? null,
        response_excerpt: result.responseExcerpt ?? null,
      },
      next,
      result,
    });
  }

  /** A failed attempt is logged (one line, without the URL or the body) and counted. */
  #failed(claim: ClaimedDelivery, result: WebhookAttemptResult, next: DeliveryNext): void {
    const answer = failureAnswer(result.status, result.outcome);
    this.#deps.onFailure?.(answer);
    this.#deps.log?.warn(
      {
        delivery_id: claim.delivery.id,
        endpoint_id: claim.delivery.endpoint_id,
        account_id: claim.delivery.account_id,
        event_type: claim.delivery.event_type,
        attempt: claim.attempt,
        status: result.status ?? null,
        outcome: result.outcome,
        error: result.error ?? null,
        next_attempt_at: next.status === 'pending' ? next.next_attempt_at : null,
      },
      next.status === 'pending' ? 'webhook delivery failed; will retry' : 'webhook delivery failed; gave up',
    );
  }

  /** An event as every delivery sends it (an event fans out to many endpoints at once: serialise it once). */
  #body(event: EventRecord): string {
    let body = this.#bodies.get(event.id);
    if (body === undefined) {
      body = eventEnvelope(event);
      if (this.#bodies.size >= CACHE_ENTRIES) this.#bodies.clear();
      this.#bodies.set(event.id, body);
    }
    return body;
  }

  /** A signing secret, decrypted once per ciphertext (a rotation makes a new ciphertext). */
  #secret(ciphertext: string): string {
    let secret = this.#secrets.get(ciphertext);
    if (secret === undefined) {
      secret = this.#deps.cipher.decrypt(ciphertext);
      if (this.#secrets.size >= CACHE_ENTRIES) this.#secrets.clear();
      this.#secrets.set(ciphertext, secret);
    }
    return secret;
  }

  /** Queues an attempt to be recorded with others (soon: well inside its lease). */
  #record(finished: Finished): void {
    this.#finished.push(finished);
    if (this.#finished.length >= FLUSH_BATCH) void this.#flush();
    else if (this.#flushTimer === undefined)
      this.#flushTimer = setTimeout(() => void this.#flush(), FLUSH_AFTER_MS);
  }

  /** Records the attempts waiting, then disables the endpoints they condemn. */
  #flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#flushTimer !== undefined) clearTimeout(this.#flushTimer);
      this.#flushTimer = undefined;
      while (this.#finished.length > 0) {
        const batch = this.#finished.splice(0, FLUSH_BATCH);
        let recorded: boolean[];
        try {
          recorded = await this.#deps.storage.webhooks.finishAttempts(batch);
        } catch (err) {
          // Not recorded: the leases run out and the attempts are made again (at least once).
          this.#deps.log?.warn({ err, attempts: batch.length }, 'webhook attempts not recorded');
          continue;
        }
        const condemned = new Map<string, 'gone' | 'failing'>();
        batch.forEach((f, i) => {
          const endpoint = f.claim.endpoint;
          if (recorded[i] !== true || endpoint === undefined || f.result.outcome === 'success') return;
          if (f.result.outcome === 'gone') condemned.set(endpoint.id, 'gone');
          else if (f.next.status !== 'canceled') {
            const since = endpoint.failing_since ?? f.attempt.started_at;
            const age = Date.parse(f.attempt.started_at) - Date.parse(since);
            if (age >= this.#deps.config.disableAfterDays * DAY_MS && !condemned.has(endpoint.id))
              condemned.set(endpoint.id, 'failing');
          }
        });
        for (const [id, reason] of condemned) {
          const f = batch.find((x) => x.claim.endpoint?.id === id);
          if (f?.claim.endpoint !== undefined)
            await this.#disable(f.claim.endpoint, reason).catch((err: unknown) =>
              this.#deps.log?.warn({ err, endpoint_id: id }, 'webhook endpoint not disabled'),
            );
        }
      }
    });
    return this.#flushing;
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
