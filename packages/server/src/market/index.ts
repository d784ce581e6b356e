// The market-data layer: exchange calendars and the store (the repository port, its Kysely
// implementation for SQLite and PostgreSQL, file ingestion and the synthetic-market seeder). The
// parsers and the generator have subpaths of their own (`/market/ingest`, `/market/synthetic`).
// See docs/market/data-layer.md.
export type { ExchangeCalendar, Session } from './calendar/calendar.js';
export { calendarFor } from './calendar/calendar-for.js';
export { X247 } from './calendar/x247.js';
export { XNYS } from './calendar/xnys.js';
export * from './store/index.js';
export { SyncStateRepo } from './store/sync-state-repo.js';
export { type MarketSyncResult, runMarketSync } from './sync/run-market-sync.js';
