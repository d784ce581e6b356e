// Storage: open a SQLite or PostgreSQL database behind the Storage port and migrate it (what
// `bellwether migrate` does), the feed's append-only log, and the record types of the ports.
export { appendFeed } from './feed-log.js';
export type { KyselyStorage } from './kysely-storage.js';
export { type MigrationOutcome, migrateToLatest } from './migrate.js';
export { openStorage, type StorageOptions } from './open-storage.js';
export type { FeedEntry, QuotaWindow, UsageDelta } from './records.js';
export type { Storage, UsageCounts } from './repositories.js';
