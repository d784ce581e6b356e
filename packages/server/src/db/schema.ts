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

export interface BrokerCredentialsTable {
  id: string;
  account_id: string;
  broker: string;
  ciphertext: string;
  created_at: string;
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
}

export interface UsageTable {
  key_id: string;
  /** `hour` or `month` (`window` is a reserved word in both dialects). */
  quota_window: string;
  window_start: string;
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

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  broker_credentials: BrokerCredentialsTable;
  api_keys: ApiKeysTable;
  usage: UsageTable;
  cards: CardsTable;
}
