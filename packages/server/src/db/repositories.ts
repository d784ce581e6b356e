import type {
  AccountOverrides,
  AccountRecord,
  ApiKeyRecord,
  BrokerCredentialRecord,
  CardRecord,
  QuotaWindow,
  UsageDelta,
  UserRecord,
} from './records.js';

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

export interface BrokerCredentialsRepo {
  create(input: { account_id: string; broker: string; ciphertext: string }): Promise<BrokerCredentialRecord>;
  listByAccount(account_id: string): Promise<BrokerCredentialRecord[]>;
}

export interface ApiKeysRepo {
  /**
   * Inserts a key unless the account already holds `max_keys` active (non-revoked) keys; the check
   * and the insert are one transaction so concurrent creations cannot exceed the cap.
   */
  create(input: {
    id: string;
    account_id: string;
    name: string;
    digest: string;
    last4: string;
    max_keys: number;
  }): Promise<{ ok: true; key: ApiKeyRecord } | { ok: false; reason: 'key_limit_reached' }>;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  /** Scoped: returns undefined for another account's key. */
  getForAccount(account_id: string, id: string): Promise<ApiKeyRecord | undefined>;
  listByAccount(account_id: string): Promise<ApiKeyRecord[]>;
  /** New digest, version + 1, rotated_at set; identity (id) and usage are kept. Undefined if absent or revoked. */
  rotate(id: string, digest: string, last4: string): Promise<ApiKeyRecord | undefined>;
  /** revoked_at set, version + 1. Idempotent; undefined if absent. */
  revoke(id: string): Promise<ApiKeyRecord | undefined>;
}

export interface UsageRepo {
  /** Adds deltas atomically (upsert + increment), one transaction. */
  add(deltas: readonly UsageDelta[]): Promise<void>;
  get(key_id: string, window: QuotaWindow, window_start: string): Promise<number>;
}

export interface CardsRepo {
  listBySession(session: string): Promise<CardRecord[]>;
  /** Replaces the session's cards atomically. */
  replaceSession(session: string, cards: readonly Omit<CardRecord, 'session'>[]): Promise<void>;
}

export interface Storage {
  readonly dialect: 'sqlite' | 'postgres';
  readonly accounts: AccountsRepo;
  readonly users: UsersRepo;
  readonly brokerCredentials: BrokerCredentialsRepo;
  readonly apiKeys: ApiKeysRepo;
  readonly usage: UsageRepo;
  readonly cards: CardsRepo;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  /**
   * A token that changes when another process has committed to the database since the last call
   * (SQLite: PRAGMA data_version; PostgreSQL: always undefined — distributed mode uses Redis).
   * Used to invalidate in-process caches when the CLI changes keys beside a running server.
   */
  externalChangeToken(): number | undefined;
  close(): Promise<void>;
}
