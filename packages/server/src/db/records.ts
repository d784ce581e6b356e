/**
 * Row shapes the platform works with, independent of SQLite or PostgreSQL. Timestamps are UTC
 * ISO-8601 strings with `Z`; ids are prefixed opaque strings (`acc_…`, `usr_…`, `key id` …).
 */

export interface AccountOverrides {
  /** Dedicated quota for this account's keys (enterprise). */
  readonly quota_amount?: number;
  readonly quota_window?: 'hour' | 'month';
  readonly burst_limit?: number;
  readonly max_keys?: number;
}

export interface AccountRecord {
  readonly id: string;
  readonly name: string;
  /** `null`: the account may sign in to the dashboard but cannot create keys. */
  readonly plan_id: string | null;
  readonly overrides: AccountOverrides;
  readonly created_at: string;
}

export interface UserRecord {
  readonly id: string;
  readonly account_id: string;
  readonly email: string;
  readonly name: string;
  /** argon2id encoded hash, or null for users created without a password. */
  readonly password_hash: string | null;
  readonly created_at: string;
}

export interface ApiKeyRecord {
  /** Public key id, embedded in the key string; stable across rotations. */
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  /** HMAC-SHA256(server secret, secret part) as lowercase hex. Never leaves the server. */
  readonly digest: string;
  /** Incremented on every rotation and on revocation; lets caches detect change cheaply. */
  readonly version: number;
  /** Last four characters of the key string, for display. */
  readonly last4: string;
  readonly created_at: string;
  readonly rotated_at: string | null;
  readonly revoked_at: string | null;
  /**
   * The quota meter this key counts on (ADR 0064): its own id, or the meter of a revoked key of the
   * account it took over, so churning keys never yields a fresh quota. Kept across rotations.
   */
  readonly meter_id: string;
}

export type QuotaWindow = 'hour' | 'month';

export interface UsageDelta {
  readonly key_id: string;
  readonly window: QuotaWindow;
  /** Start of the UTC clock hour or calendar month, ISO-8601 `Z`. */
  readonly window_start: string;
  readonly delta: number;
}

/** The limit that refused a request with 429. */
export type RefusalPolicy = 'burst' | 'quota';

/** Refused requests (never billed), counted per key and quota window like usage, by refusing limit. */
export interface RefusalDelta {
  readonly key_id: string;
  readonly window: QuotaWindow;
  readonly window_start: string;
  readonly policy: RefusalPolicy;
  readonly delta: number;
}

/** Requests refused with 429 in one quota window, by the limit that refused them. */
export interface RefusalCount {
  readonly window_start: string;
  readonly burst: number;
  readonly quota: number;
}

export interface CardRecord {
  readonly id: string;
  /** Session id, `YYYY-MM-DD` of the trading session. */
  readonly session: string;
  /** The card JSON as published. */
  readonly payload: unknown;
  readonly published_at: string;
}

/** A session's publication: when, from data through when, and how many cards. */
export interface CardPublicationRecord {
  readonly session: string;
  readonly published_at: string;
  readonly data_as_of: string;
  readonly cards: number;
  /** Published after the session closed (`--backfill`): in the ledger, kept out of the track record. */
  readonly late: boolean;
  /** Why the session has no card, when it has none. */
  readonly note: string | null;
}

/** A card's resolved outcome (see docs/signals/outcomes.md); stored once, never rewritten. */
export interface CardOutcomeRecord {
  readonly card_id: string;
  readonly session: string;
  readonly status: 'unfilled' | 'stopped' | 't1' | 't2' | 'expired';
  readonly t1_before_stop: boolean | null;
  readonly fill_price: number | null;
  readonly fill_session: string | null;
  readonly outcome_session: string;
  readonly r_multiple: number | null;
  readonly mfe_r: number | null;
  readonly mae_r: number | null;
  /** `target_2`, `stop`, `breakeven` (after T1), `time` (expiry) or `not_filled`. */
  readonly exit_reason: string | null;
  /** Sessions from the fill's to the exit's, both counted; null when unfilled. */
  readonly sessions_held: number | null;
  /** Round-trip cost in R at the configured basis points, and the result net of it. */
  readonly cost_r: number | null;
  readonly r_net: number | null;
  /** The null model's matched random cards: drawn, filled, their T1 rate and mean net R. */
  readonly null_draws: number | null;
  readonly null_filled: number | null;
  readonly null_t1_rate: number | null;
  readonly null_r_net: number | null;
  readonly recorded_at: string;
}

export type AnalysisJobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export interface AnalysisJobRecord {
  readonly id: string;
  readonly account_id: string;
  readonly key_id: string;
  readonly ticker: string;
  readonly tier: string;
  readonly status: AnalysisJobStatus;
  readonly attempts: number;
  readonly created_at: string;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  readonly lease_until: string | null;
  readonly report_id: string | null;
  /** The problem object of a failed job. */
  readonly error: Readonly<Record<string, unknown>> | null;
  /** What the job computes (ADR 0101): an analysis report or a backtest report. */
  readonly kind: JobKind;
  /** A backtest's request as submitted (null for an analysis). */
  readonly request: Readonly<Record<string, unknown>> | null;
  /** A running backtest's progress, as last reported by its worker. */
  readonly progress: JobProgress | null;
}

export type JobKind = 'analysis' | 'backtest';

export interface JobProgress {
  readonly percent: number;
  readonly sessions_done: number;
  readonly sessions: number;
}

/** The institutional feed's datasets. */
export type FeedDataset = 'cards' | 'signals' | 'analytics';

/** A record version to append to the feed (`payload` is stored as JSON). */
export interface FeedEntry {
  readonly dataset: FeedDataset;
  readonly record_key: string;
  readonly session: string;
  readonly ticker: string;
  readonly payload: unknown;
}

/** A stored record version; `payload` is its JSON text, served as it is. */
export interface FeedRecord {
  readonly seq: number;
  readonly dataset: string;
  readonly record_key: string;
  readonly session: string;
  readonly ticker: string;
  readonly recorded_at: string;
  readonly payload: string;
}
