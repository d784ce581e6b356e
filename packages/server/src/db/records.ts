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

export interface BrokerCredentialRecord {
  readonly id: string;
  readonly account_id: string;
  readonly broker: string;
  /** AES-256-GCM: base64 of iv ‖ ciphertext ‖ tag. Never leaves the server. */
  readonly ciphertext: string;
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
}

export type QuotaWindow = 'hour' | 'month';

export interface UsageDelta {
  readonly key_id: string;
  readonly window: QuotaWindow;
  /** Start of the UTC clock hour or calendar month, ISO-8601 `Z`. */
  readonly window_start: string;
  readonly delta: number;
}

export interface CardRecord {
  readonly id: string;
  /** Session id, `YYYY-MM-DD` of the trading session. */
  readonly session: string;
  /** The card JSON as published. */
  readonly payload: unknown;
  readonly published_at: string;
}
