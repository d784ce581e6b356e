/**
 * Kysely table types: the database as stored, identical on SQLite and PostgreSQL. JSON is stored as
 * text, timestamps as ISO-8601 `Z` text, integers as 32-bit integers. Repositories map these rows to
 * the records in `records.ts`; nothing outside `db/` should need this file.
 */

export interface AccountsTable {
  id: string;
  name: string;
  plan_id: string | null;
  /** JSON text of `AccountOverrides`. */
  overrides: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  account_id: string;
  /** As entered, for display. */
  email: string;
  /** Trimmed and lower-cased; unique; what lookups use. */
  email_normalized: string;
  name: string;
  password_hash: string | null;
  created_at: string;
}

/** A customer's link to a broker account (migration 0018); the credentials only as ciphertext. */
export interface BrokerConnectionsTable {
  id: string;
  account_id: string;
  broker: string;
  environment: string;
  label: string;
  key_id_last4: string;
  /** AES-256-GCM (purpose broker-credentials/v1) of the JSON `{key_id, secret}`. Never leaves the server. */
  ciphertext: string;
  broker_account_number: string | null;
  currency: string | null;
  /** `ok`, or `failing` when the last call found the credentials refused. */
  status: string;
  last_checked_at: string | null;
  last_error: string | null;
  max_order_qty: number;
  max_order_notional: number;
  /** JSON of the automation settings; null when the connection does not follow cards by itself. */
  automation: string | null;
  created_at: string;
  updated_at: string;
}

/** An order placed from a card (migration 0018). */
export interface BrokerOrdersTable {
  id: string;
  account_id: string;
  connection_id: string;
  card_id: string;
  session: string;
  /** `api` or `automation`. */
  origin: string;
  client_order_id: string;
  idempotency_key: string | null;
  request_digest: string;
  /** `<connection_id>:<card_id>` for an automation order (unique), else null. */
  automation_key: string | null;
  /** The first order's id for both halves of a split T1/T2 order, else null. */
  group_id: string | null;
  ticker: string;
  side: string;
  qty: number;
  limit_price: number;
  take_profit_price: number;
  stop_price: number;
  /** qty × |limit − stop|: what the order risks, in the account's currency. */
  risk: number;
  /** `submitting`, then the broker's state (`open`, `partially_filled`, `filled`, `canceled`, `expired`, `rejected`), `closed` once an exit leg filled. */
  state: string;
  broker_order_id: string | null;
  broker_status: string | null;
  filled_qty: number;
  filled_avg_price: number | null;
  exit_reason: string | null;
  exit_price: number | null;
  realised_r: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** The broker audit log (migration 0018): one row per broker call, never a credential. */
export interface BrokerCallsTable {
  id: string;
  account_id: string;
  connection_id: string;
  order_id: string | null;
  at: string;
  method: string;
  path: string;
  request_body: string | null;
  status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  digest: string;
  version: number;
  last4: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  /** The quota meter the key counts on (ADR 0064); null only on rows written before migration 0010. */
  meter_id: string | null;
}

export interface UsageTable {
  key_id: string;
  /** `hour` or `month` (`window` is a reserved word in both dialects). */
  quota_window: string;
  window_start: string;
  count: number;
}

/** Requests refused with 429 per key, window and policy; never billed (see migration 0008). */
export interface UsageRefusalsTable {
  key_id: string;
  quota_window: string;
  window_start: string;
  /** `burst` or `quota`. */
  policy: string;
  count: number;
}

export interface CardsTable {
  id: string;
  session: string;
  /** Order of the card within its session, as published. */
  position: number;
  /** JSON text of the card as published. */
  payload: string;
  published_at: string;
}

export interface CardPublicationsTable {
  session: string;
  published_at: string;
  data_as_of: string;
  cards: number;
  /** 1 when published after the session closed (`--backfill`): kept out of the track record. */
  late: number;
  /** Why the session has no card, when it has none. */
  note: string | null;
}

/** The cards' append-only, hash-chained ledger (migration 0015, docs/signals/ledger.md). */
export interface CardLedgerTable {
  seq: number;
  kind: string;
  session: string;
  ref: string;
  recorded_at: string;
  /** Canonical JSON (RFC 8785) of the entry's data. */
  data: string;
  prev_hash: string;
  hash: string;
}

export interface CardOutcomesTable {
  card_id: string;
  session: string;
  status: string;
  t1_before_stop: number | null;
  fill_price: number | null;
  fill_session: string | null;
  outcome_session: string;
  r_multiple: number | null;
  mfe_r: number | null;
  mae_r: number | null;
  exit_reason: string | null;
  sessions_held: number | null;
  cost_r: number | null;
  r_net: number | null;
  null_draws: number | null;
  null_filled: number | null;
  null_t1_rate: number | null;
  null_r_net: number | null;
  recorded_at: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  broker_connections: BrokerConnectionsTable;
  broker_orders: BrokerOrdersTable;
  broker_calls: BrokerCallsTable;
  api_keys: ApiKeysTable;
  usage: UsageTable;
  usage_refusals: UsageRefusalsTable;
  cards: CardsTable;
  card_outcomes: CardOutcomesTable;
  card_publications: CardPublicationsTable;
  card_ledger: CardLedgerTable;
  analysis_jobs: AnalysisJobsTable;
  analysis_reports: AnalysisReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  feed_records: FeedRecordsTable;
  dashboard_sessions: DashboardSessionsTable;
  sign_in_throttle: SignInThrottleTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  event_cursors: EventCursorsTable;
  event_sequence: EventSequenceTable;
  as_of_origins: AsOfOriginsTable;
  saved_screens: SavedScreensTable;
  secret_check: SecretCheckTable;
  universe_membership: UniverseMembershipTable;
  fundamental_facts: FundamentalFactsTable;
}

/** Standard items of filed statements, one row per filing's value (migration 0031, ADR 0103). */
export interface FundamentalFactsTable {
  ticker: string;
  item: string;
  concept: string;
  /** '' for a balance at `period_end`. */
  period_start: string;
  period_end: string;
  accession: string;
  fiscal_year: number;
  fiscal_period: string;
  value: number;
  filed: string;
  form: string;
  source: string;
  added_at: string;
}

/** Point-in-time membership intervals of the universe (migration 0026). */
export interface UniverseMembershipTable {
  ticker: string;
  start_date: string;
  /** The first day no longer a member; null while still one. */
  end_date: string | null;
  source: string;
  added_at: string;
}

/** One row: a digest of the server secret the data was written under (migration 0023). */
export interface SecretCheckTable {
  id: number;
  digest: string;
  created_at: string;
}

/** Saved screens (migration 0017). */
export interface SavedScreensTable {
  id: string;
  account_id: string;
  name: string;
  /** JSON of the screen request: where, sort, limit, adjust, tickers, sector, asset_class, exchange. */
  request: string;
  /** JSON array of the tickers that matched at members_session's close; null before the first evaluation. */
  members: string | null;
  members_session: string | null;
  created_at: string;
  updated_at: string;
}

/** The events outbox (migration 0016): one row per event, seq in commit order. */
export interface EventsTable {
  /** bigint: a string from PostgreSQL, a number from SQLite. */
  seq: number | string | bigint;
  id: string;
  type: string;
  /** null: a market-wide event every account may see. */
  account_id: string | null;
  /** Set only on a test event addressed to one webhook endpoint. */
  endpoint_id: string | null;
  occurred_at: string;
  /** JSON of the event's data. */
  data: string;
  dedupe_key: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  /** JSON array of event types; empty: every type. */
  event_types: string;
  /** The `whsec_` secret, encrypted with the platform's credential cipher. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** `enabled` or `disabled`. */
  status: string;
  /** `customer`, `gone` (the receiver answered 410) or `failing` (failing for days). */
  disabled_reason: string | null;
  disabled_at: string | null;
  /** The first failed attempt since the last success. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_seq: number | string | bigint;
  event_id: string;
  event_type: string;
  replay: number;
  /** `pending`, `delivering`, `succeeded`, `failed` (gave up) or `canceled` (endpoint disabled or deleted). */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  /** `success`, `failure`, `gone`, `refused` or `timeout`. */
  outcome: string;
  status: number | null;
  error: string | null;
  response_excerpt: string | null;
}

/** Where the deployment's as-of clock started, per as-of instant (migration 0023). */
export interface AsOfOriginsTable {
  as_of: string;
  /** bigint: epoch ms of real time. */
  started_at: number | string | bigint;
}

/** The events log's high-water mark (migration 0022): one row, the last seq handed out. */
export interface EventSequenceTable {
  id: number;
  last_seq: number | string | bigint;
}

export interface EventCursorsTable {
  name: string;
  seq: number | string | bigint;
}

/** A leaky bucket of sign-in attempts per subject (address, email or both); see migration 0011. */
export interface SignInThrottleTable {
  subject: string;
  /** Attempts in the bucket as of `updated_at` (drains continuously). */
  level: number;
  updated_at: string;
  /** When the level reaches zero if nothing is added: the row may be deleted from then on. */
  drained_at: string;
}

export interface DashboardSessionsTable {
  id: string;
  user_id: string;
  account_id: string;
  csrf: string;
  created_at: string;
  expires_at: string;
}

export interface FeedRecordsTable {
  /** bigint: a string from PostgreSQL, a number from SQLite. */
  seq: number | string | bigint;
  dataset: string;
  record_key: string;
  session: string;
  ticker: string;
  recorded_at: string;
  payload: string;
}

export interface AnalysisJobsTable {
  id: string;
  account_id: string;
  key_id: string;
  ticker: string;
  tier: string;
  /** `queued`, `running`, `succeeded`, `failed`, `canceled`. */
  status: string;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** While running: when another runner may take the job over (its runner is presumed dead). */
  lease_until: string | null;
  report_id: string | null;
  /** JSON text of the problem object of a failed job. */
  error: string | null;
  /** `analysis` or `backtest` (migration 0029, ADR 0101). */
  kind: string;
  /** A backtest's request as JSON text (null for an analysis). */
  request: string | null;
  /** JSON text of a running backtest's progress (`percent`, `sessions_done`, `sessions`). */
  progress: string | null;
}

export interface AnalysisReportsTable {
  /** Ticker, tier, adjustment, data as-of and report version: the same id is the same report. */
  id: string;
  /** JSON text of the report. */
  body: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of the canonical request body. */
  request_hash: string;
  /** Null while the first request with this key is still creating its job. */
  job_id: string | null;
  created_at: string;
}
