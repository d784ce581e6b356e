import type { AsOfOriginsRepo } from './as-of-origins-repo.js';
import type { BacklogRepo } from './backlog-repo.js';
import type { BrokerCallsRepo } from './broker-calls-repo.js';
import type { BrokerConnectionsRepo } from './broker-connections-repo.js';
import type { BrokerOrdersRepo } from './broker-orders-repo.js';
import type { LedgerEntry } from './card-ledger.js';
import type { EventRecord, EventSignal, NewEvent } from './event-outbox.js';
import type { FundamentalFactsRepo } from './fundamental-facts-repo.js';
import type {
  AccountOverrides,
  AccountRecord,
  AnalysisJobRecord,
  AnalysisJobStatus,
  ApiKeyRecord,
  CardOutcomeRecord,
  CardPublicationRecord,
  CardRecord,
  FeedDataset,
  FeedEntry,
  FeedRecord,
  JobProgress,
  QuotaWindow,
  RefusalCount,
  RefusalDelta,
  UsageDelta,
  UserRecord,
} from './records.js';
import type { SavedScreensRepo } from './saved-screens-repo.js';
import type { SecretCheckRepo } from './secret-check-repo.js';
import type { UniverseMembershipRepo } from './universe-membership-repo.js';
import type {
  ClaimedDelivery,
  DeliveryNext,
  DeliveryStatus,
  EndpointPatch,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from './webhook-records.js';

/**
 * The storage port. One implementation (Kysely) serves both SQLite and PostgreSQL; every method is
 * scoped by account where the data belongs to an account. Expected outcomes ("not found",
 * "duplicate email", "key cap reached") are values; faults (connection lost) are thrown errors.
 */

export interface AccountsRepo {
  create(input: {
    name: string;
    plan_id: string | null;
    overrides?: AccountOverrides;
  }): Promise<AccountRecord>;
  get(id: string): Promise<AccountRecord | undefined>;
  setPlan(id: string, plan_id: string | null): Promise<AccountRecord | undefined>;
  setOverrides(id: string, overrides: AccountOverrides): Promise<AccountRecord | undefined>;
  list(): Promise<AccountRecord[]>;
}

export interface UsersRepo {
  create(input: {
    account_id: string;
    email: string;
    name: string;
    password_hash: string | null;
  }): Promise<{ ok: true; user: UserRecord } | { ok: false; reason: 'email_taken' }>;
  getByEmail(email: string): Promise<UserRecord | undefined>;
  listByAccount(account_id: string): Promise<UserRecord[]>;
}

export interface ApiKeysRepo {
  /**
   * Inserts a key unless the account already holds `max_keys` active (non-revoked) keys, or (with
   * `creation_limit`) has created `max` keys within the last `window_ms`; the checks and the insert are
   * one transaction so concurrent creations cannot exceed either. The key takes over the quota meter
   * of a revoked key of the account when one is free, else gets a meter of its own (its id).
   */
  create(input: {
    id: string;
    account_id: string;
    name: string;
    digest: string;
    last4: string;
    max_keys: number;
    creation_limit?: { readonly max: number; readonly window_ms: number };
  }): Promise<
    | { ok: true; key: ApiKeyRecord }
    | { ok: false; reason: 'key_limit_reached' }
    | { ok: false; reason: 'creation_rate_limited'; retry_after_ms: number }
  >;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  /** Scoped: returns undefined for another account's key. */
  getForAccount(account_id: string, id: string): Promise<ApiKeyRecord | undefined>;
  listByAccount(account_id: string): Promise<ApiKeyRecord[]>;
  /** New digest, version + 1, rotated_at set; identity (id) and usage are kept. Undefined if absent or revoked. */
  rotate(id: string, digest: string, last4: string): Promise<ApiKeyRecord | undefined>;
  /** revoked_at set, version + 1. Idempotent; undefined if absent. */
  revoke(id: string): Promise<ApiKeyRecord | undefined>;
  /** A new display name; the secret, version and usage are unchanged. Undefined for another account's key. */
  rename(account_id: string, id: string, name: string): Promise<ApiKeyRecord | undefined>;
}

/** What the limiters need of the usage ledger: add counts, read one window. */
export interface UsageCounts {
  /**
   * Adds deltas atomically (upsert + increment), one transaction; refused requests, when given, are
   * counted in the same transaction, apart from usage (a refusal is never billed).
   */
  add(deltas: readonly UsageDelta[], refusals?: readonly RefusalDelta[]): Promise<void>;
  get(key_id: string, window: QuotaWindow, window_start: string): Promise<number>;
}

/** The usage ledger as the dashboard reads it too. */
export interface UsageRepo extends UsageCounts {
  /** Counted requests per window from `since` (inclusive), oldest first; windows without any are absent. */
  history(
    key_id: string,
    window: QuotaWindow,
    since: string,
  ): Promise<{ window_start: string; count: number }[]>;
  /** Requests refused with 429 per window from `since` (inclusive), oldest first; windows without any are absent. */
  refusals(key_id: string, window: QuotaWindow, since: string): Promise<RefusalCount[]>;
}

export interface CardsRepo {
  listBySession(session: string): Promise<CardRecord[]>;
  /** One card with its outcome (null until resolved). */
  getCard(id: string): Promise<{ card: CardRecord; outcome: CardOutcomeRecord | null } | undefined>;
  /**
   * Publishes a session once: records the publication and its cards only when the session has no
   * publication yet, atomically, so of several racing publishers exactly one writes (also when there are
   * no cards). The publication and each card are appended to the ledger in the same transaction. True
   * when this call published. Cards are never replaced or deleted.
   */
  publishSession(
    publication: CardPublicationRecord,
    cards: readonly Omit<CardRecord, 'session'>[],
    feed?: readonly FeedEntry[],
  ): Promise<boolean>;
  getPublication(session: string): Promise<CardPublicationRecord | undefined>;
  /** Cards of sessions `from … to` (inclusive), by session then position. */
  listRange(from: string, to: string): Promise<CardRecord[]>;
  /** Published cards that have no recorded outcome yet. */
  listUnresolved(): Promise<CardRecord[]>;
  /**
   * Records outcomes; an outcome already recorded for a card is kept as it is. Each new outcome also
   * appends the card with its outcome to the feed and the outcome to the ledger, in the same transaction.
   */
  recordOutcomes(outcomes: readonly CardOutcomeRecord[]): Promise<void>;
  outcomesInRange(from: string, to: string): Promise<CardOutcomeRecord[]>;
  /** Ledger entries with seq > `after`, in seq order, at most `limit`. */
  ledger(after: number, limit: number): Promise<LedgerEntry[]>;
  /** The last entry's seq and hash; seq 0 and the genesis hash for an empty ledger. */
  ledgerHead(): Promise<{ seq: number; hash: string }>;
  /** The first session published on time (the track record's start); undefined before one. */
  firstOnTimeSession(): Promise<string | undefined>;
}

/** One page of the feed: versions with `after` < seq ≤ `through`, in seq order. */
export interface FeedQuery {
  readonly dataset: FeedDataset;
  readonly after: number;
  readonly through: number;
  readonly limit: number;
  /** Point in time: only versions recorded at or before this ISO instant. */
  readonly recordedThrough?: string;
  readonly from?: string;
  readonly to?: string;
  /** Only these tickers; an empty list matches nothing (the same in both stores). */
  readonly tickers?: readonly string[];
}

/** The institutional feed's log (appended by publication and outcome tracking, in their transactions). */
export interface FeedRepo {
  /** The last seq of a dataset (0 when empty): every version up to it is committed. */
  head(dataset: FeedDataset): Promise<number>;
  /**
   * The first seq of a dataset recorded after `instant` (undefined if none): a point-in-time read's sync
   * position is the seq before it, so that syncing on from there skips nothing recorded later.
   */
  firstRecordedAfter(dataset: FeedDataset, instant: string): Promise<number | undefined>;
  page(query: FeedQuery): Promise<FeedRecord[]>;
  /**
   * The first and last session of the versions a query without its range would read (seq ≤ `through`,
   * recorded by `recordedThrough`, of `tickers`); undefined when there are none.
   */
  sessionSpan(
    query: Omit<FeedQuery, 'after' | 'limit' | 'from' | 'to'>,
  ): Promise<{ readonly first: string; readonly last: string } | undefined>;
}

/** A signed-in dashboard session; `id` is the SHA-256 of the cookie token. */
export interface DashboardSessionRecord {
  readonly id: string;
  readonly user_id: string;
  readonly account_id: string;
  readonly csrf: string;
  readonly created_at: string;
  readonly expires_at: string;
}

export interface DashboardSessionsRepo {
  create(session: DashboardSessionRecord): Promise<void>;
  /** The session if it exists and has not expired at `now`. */
  get(id: string, now: string): Promise<DashboardSessionRecord | undefined>;
  delete(id: string): Promise<void>;
  purgeExpired(now: string): Promise<void>;
}

/**
 * A leaky bucket: it holds at most `capacity` attempts, and one attempt drains out of it every
 * `drain_ms`. Named by `subject` (what it throttles: a client address, an email, or the pair).
 */
export interface LeakyBucket {
  readonly subject: string;
  readonly capacity: number;
  readonly drain_ms: number;
}

/** Sign-in throttling state, shared by every instance through the database (ADR 0065). */
export interface SignInThrottleRepo {
  /**
   * Adds one attempt to every bucket, in one transaction, if each has room for it now; otherwise
   * changes nothing and says how long until all of them have room. Concurrent attempts are serialised,
   * so no more attempts are admitted than the buckets hold.
   */
  take(
    buckets: readonly LeakyBucket[],
    now_ms: number,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly retry_after_ms: number }>;
  /** Takes one attempt back out of each bucket (an attempt that turned out not to count). */
  giveBack(buckets: readonly LeakyBucket[], now_ms: number): Promise<void>;
  /** Deletes the buckets that are empty by `now`, and the marks whose time has passed. */
  purgeDrained(now: string): Promise<void>;
  /** Sets a mark on `subject` (a known address) until `until_ms`. */
  mark(subject: string, now_ms: number, until_ms: number): Promise<void>;
  /** Whether `subject` carries a mark at `now_ms`. */
  marked(subject: string, now_ms: number): Promise<boolean>;
}

/** What a new analysis job is made of; the rest (status, attempts, times) the repository sets. */
export type NewAnalysisJob = Pick<AnalysisJobRecord, 'id' | 'account_id' | 'key_id' | 'ticker' | 'tier'> & {
  /** A backtest's request (stored as JSON); absent for an analysis. */
  readonly request?: Readonly<Record<string, unknown>> | null;
};

/** The outcome of reserving an Idempotency-Key for a request. */
export type IdempotencyReservation =
  | { readonly kind: 'reserved' }
  | { readonly kind: 'replay'; readonly job_id: string }
  | { readonly kind: 'in_progress' }
  | { readonly kind: 'mismatch' };

/**
 * Analysis jobs, their reports and idempotency keys. Every read of a job a customer names is scoped by
 * account; the runner's methods (claim, finish, requeue) act by job id and only from the state they expect.
 */
export interface AnalysisRepo {
  /** Reserves `key` for `request_hash` (atomically: of two racing requests exactly one reserves). */
  reserveIdempotencyKey(
    account_id: string,
    key: string,
    request_hash: string,
  ): Promise<IdempotencyReservation>;
  /** What `key` is bound to, without reserving it: a replay, a mismatch, in progress, or undefined (unused). */
  findIdempotencyKey(
    account_id: string,
    key: string,
    request_hash: string,
  ): Promise<Exclude<IdempotencyReservation, { kind: 'reserved' }> | undefined>;
  /** The first request with the key did not create a job (its input was refused): free the key. */
  releaseIdempotencyKey(account_id: string, key: string): Promise<void>;
  /**
   * Inserts a queued job, and binds the idempotency key to it when one was reserved — one transaction.
   * With `maxWaiting`, only if the account has fewer queued jobs than that (checked in the same
   * transaction, serialised per account): undefined otherwise, and nothing is written.
   */
  create(job: NewAnalysisJob, idempotencyKey?: string): Promise<AnalysisJobRecord>;
  create(
    job: NewAnalysisJob,
    idempotencyKey: string | undefined,
    maxWaiting: number,
  ): Promise<AnalysisJobRecord | undefined>;
  get(account_id: string, id: string): Promise<AnalysisJobRecord | undefined>;
  /** Newest first; `after` is the (created_at, id) of the last job of the previous page. */
  list(
    account_id: string,
    options: {
      status?: AnalysisJobStatus;
      limit: number;
      after?: { created_at: string; id: string };
    },
  ): Promise<AnalysisJobRecord[]>;
  /** queued → canceled; undefined when the job is absent, else the job as it now is. */
  cancel(account_id: string, id: string): Promise<AnalysisJobRecord | undefined>;
  /**
   * queued → running with attempts + 1 and a lease (`started_at` set by the first attempt and kept by
   * retries); the job, or undefined if it was not queued.
   */
  claim(id: string, lease_until: string): Promise<AnalysisJobRecord | undefined>;
  /**
   * running → succeeded with the report (stored once per report id). `attempt` is the claim's attempt
   * number, a fencing token: an attempt whose lease was taken over changes nothing (false).
   */
  succeed(id: string, attempt: number, report_id: string, body: string): Promise<boolean>;
  /** running → failed with its problem (only while `attempt` is current). */
  fail(id: string, attempt: number, error: Readonly<Record<string, unknown>>): Promise<boolean>;
  /** running → queued, a retry after a failed attempt (only while `attempt` is current). */
  requeue(id: string, attempt: number): Promise<boolean>;
  /** Extends a running attempt's lease; false once the attempt is no longer current. */
  renewLease(id: string, attempt: number, lease_until: string): Promise<boolean>;
  /** Records a running attempt's progress (only while `attempt` is current). */
  setProgress(id: string, attempt: number, progress: JobProgress): Promise<boolean>;
  getReport(report_id: string): Promise<string | undefined>;
  /** Queued jobs, oldest first, with the attempts made so far. */
  listQueued(limit: number): Promise<{ id: string; attempts: number }[]>;
  /**
   * Running jobs whose lease ended before `now` (their process died): those with fewer than
   * `maxAttempts` attempts go back to queued, the others fail with `error` (a job that takes its
   * process down every time must not do so forever).
   */
  recoverExpired(
    now: string,
    maxAttempts: number,
    error: Record<string, unknown>,
  ): Promise<{ requeued: string[]; failed: string[] }>;
  /** Deletes jobs finished before `before`, reports no job refers to, and idempotency keys older than `keysBefore`. */
  purge(before: string, keysBefore: string): Promise<{ jobs: number; reports: number; keys: number }>;
}

/**
 * A process's share rules for webhook delivery slots: attempts in flight per endpoint and per account
 * (ADR 0083), with what this process already holds of each.
 */
export interface DeliveryFairness {
  readonly perEndpoint: number;
  readonly inFlight: ReadonlyMap<string, number>;
  readonly perAccount?: number;
  readonly accountsInFlight?: ReadonlyMap<string, number>;
}

/** The events log (the outbox every change appends to; docs/events.md). */
export interface EventsRepo {
  /** Appends events in a transaction of their own (events no other change carries: warnings, tests). */
  append(events: readonly NewEvent[]): Promise<EventRecord[]>;
  /**
   * Events an account may see with seq > `after` (and ≤ `through` when given: a bounded scan), in seq
   * order: its own and the market-wide ones, never another account's nor test events. `types` filters
   * (the caller applies entitlements).
   */
  listForAccount(
    account_id: string,
    after: number,
    limit: number,
    types?: readonly string[],
    through?: number,
  ): Promise<EventRecord[]>;
  /** Every event with seq > `after` (the webhook fan-out). */
  page(after: number, limit: number): Promise<EventRecord[]>;
  get(id: string): Promise<EventRecord | undefined>;
  /** The last seq handed out (0 before the first event); never goes back, whatever is purged. */
  head(): Promise<number>;
  /** The first seq of an event that occurred after `instant` (a stream resumed by time). */
  firstAfter(instant: string): Promise<number | undefined>;
  /**
   * Deletes events that occurred (storage clock, real time) before `before` and have seq ≤ `throughSeq`
   * (already fanned out). Their numbers are not handed out again.
   */
  purge(before: string, throughSeq: number): Promise<number>;
}

/**
 * Webhook endpoints, the delivery queue and its history. Reads a customer names are scoped by account;
 * the dispatcher's methods act by id and only from the state they expect (the attempt number fences).
 */
export interface WebhooksRepo {
  /** Inserts an endpoint unless the account already has `max` (checked in the same transaction). */
  createEndpoint(
    endpoint: Omit<WebhookEndpointRecord, 'created_at' | 'updated_at'>,
    max: number,
  ): Promise<{ ok: true; endpoint: WebhookEndpointRecord } | { ok: false; reason: 'endpoint_limit_reached' }>;
  getEndpoint(account_id: string, id: string): Promise<WebhookEndpointRecord | undefined>;
  /** Not scoped: for the dispatcher, which acts for every account. */
  endpointById(id: string): Promise<WebhookEndpointRecord | undefined>;
  listEndpoints(account_id: string): Promise<WebhookEndpointRecord[]>;
  /** Every enabled endpoint (the fan-out matches events against them). */
  listEnabledEndpoints(): Promise<WebhookEndpointRecord[]>;
  /**
   * Edits an endpoint. Disabling cancels its pending deliveries; enabling clears why it was disabled and
   * its failure streak. Undefined for another account's endpoint.
   */
  updateEndpoint(
    account_id: string,
    id: string,
    patch: EndpointPatch,
  ): Promise<WebhookEndpointRecord | undefined>;
  /** Deletes an endpoint with its deliveries and attempts; false if absent. */
  deleteEndpoint(account_id: string, id: string): Promise<boolean>;
  /** A new secret; the current one keeps signing until `previous_expires_at`. */
  rotateSecret(
    account_id: string,
    id: string,
    secret_ciphertext: string,
    previous_expires_at: string,
  ): Promise<WebhookEndpointRecord | undefined>;
  /**
   * The system disables an endpoint (the receiver answered 410, or it has failed for days), cancels its
   * pending deliveries and appends `events` (telling the owner) in the same transaction. False when it was
   * already disabled.
   */
  disableEndpoint(id: string, reason: 'gone' | 'failing', events: readonly NewEvent[]): Promise<boolean>;
  /** How far the fan-out has read the events log. */
  cursor(name: string): Promise<number>;
  /**
   * Records the deliveries for events `from < seq ≤ through`, due at `at`, and moves the cursor to
   * `through`, only if it is still at `from` (a compare-and-set: of two racing dispatchers one writes).
   * True when written.
   */
  commitFanOut(
    name: string,
    from: number,
    through: number,
    at: string,
    deliveries: readonly Pick<
      WebhookDeliveryRecord,
      'endpoint_id' | 'account_id' | 'event_seq' | 'event_id' | 'event_type'
    >[],
  ): Promise<boolean>;
  /**
   * Claims up to `limit` deliveries due at `now` (pending and due, or delivering with a lease that ran out:
   * its process died), each for its next attempt with a lease until `lease_until`. Concurrent claimers get
   * different deliveries. With `fairness`, no endpoint gets more than `perEndpoint` attempts in flight
   * and no account more than `perAccount`, counting the ones `inFlight` (by endpoint) and
   * `accountsInFlight` (by account) say this process already holds.
   */
  claimDue(
    now: string,
    lease_until: string,
    limit: number,
    fairness?: DeliveryFairness,
  ): Promise<ClaimedDelivery[]>;
  /**
   * Records attempts and what follows each, and each endpoint's failure streak (set on failure if unset,
   * cleared on success), in one transaction — each only while its `attempt` is still the delivery's
   * current attempt (false in its place otherwise). A retry of an endpoint disabled meanwhile is canceled
   * instead.
   */
  finishAttempts(
    items: readonly {
      readonly claim: ClaimedDelivery;
      readonly attempt: Omit<WebhookAttemptRecord, 'delivery_id' | 'attempt'>;
      readonly next: DeliveryNext;
    }[],
  ): Promise<boolean[]>;
  /** Newest first; `before` is the created_at/id of the last delivery of the previous page. */
  listDeliveries(
    account_id: string,
    endpoint_id: string,
    options: { status?: DeliveryStatus; limit: number; before?: { created_at: string; id: string } },
  ): Promise<WebhookDeliveryRecord[]>;
  getDelivery(
    account_id: string,
    id: string,
  ): Promise<{ delivery: WebhookDeliveryRecord; attempts: WebhookAttemptRecord[] } | undefined>;
  /** Queues the event of a delivery again (a new delivery, the same webhook-id); undefined if absent. */
  replay(account_id: string, delivery_id: string): Promise<WebhookDeliveryRecord | undefined>;
  /** Appends a test event addressed to one endpoint and queues its delivery, in one transaction. */
  sendTest(
    account_id: string,
    endpoint_id: string,
    data: unknown,
  ): Promise<{ event: EventRecord; delivery: WebhookDeliveryRecord } | undefined>;
  /** Deletes finished deliveries (and their attempts) finished before `before`. */
  purge(before: string): Promise<number>;
}

export interface Storage {
  readonly dialect: 'sqlite' | 'postgres';
  readonly accounts: AccountsRepo;
  readonly users: UsersRepo;
  readonly brokerConnections: BrokerConnectionsRepo;
  readonly brokerOrders: BrokerOrdersRepo;
  readonly brokerCalls: BrokerCallsRepo;
  readonly apiKeys: ApiKeysRepo;
  readonly usage: UsageRepo;
  readonly cards: CardsRepo;
  readonly analysis: AnalysisRepo;
  /** Backtest jobs (ADR 0101): the analysis jobs' repository over the rows of kind `backtest`. */
  readonly backtests: AnalysisRepo;
  readonly feed: FeedRepo;
  readonly dashboardSessions: DashboardSessionsRepo;
  readonly signInThrottle: SignInThrottleRepo;
  readonly events: EventsRepo;
  readonly webhooks: WebhooksRepo;
  readonly savedScreens: SavedScreensRepo;
  readonly asOfOrigins: AsOfOriginsRepo;
  readonly secretCheck: SecretCheckRepo;
  /** The universe's point-in-time membership intervals (ADR 0088). */
  readonly universeMembership: UniverseMembershipRepo;
  /** Fundamentals as filed, every filing's value kept (ADR 0103). */
  readonly fundamentalFacts: FundamentalFactsRepo;
  /** Queue depths and ages (analysis jobs, webhook deliveries) for /metrics. */
  readonly backlog: BacklogRepo;
  /** Told in this process after events are committed (the stream and the dispatcher listen). */
  readonly eventSignal: EventSignal;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  /**
   * A token that changes when another process has committed to the database since the last call
   * (SQLite: PRAGMA data_version; PostgreSQL: always undefined — distributed mode uses Redis).
   * Used to invalidate in-process caches when the CLI changes keys beside a running server.
   */
  externalChangeToken(): number | undefined;
  /**
   * Like externalChangeToken, but it changes only when another connection has written through the
   * market repository (SQLite; the first foreign commit after this connection's own market writes moves
   * it once too): what the market caches need, so other commits (the webhook dispatcher's thread, key
   * changes) leave them warm. PostgreSQL: always undefined.
   */
  marketChangeToken(): number | undefined;
  close(): Promise<void>;
}
