// Market data in the database (DESIGN §6): the repository port, its Kysely implementation for SQLite
// and PostgreSQL, the per-ticker cache, the as-of rule and the synthetic-market seeder.
// See docs/market/data-layer.md and docs/adr/0032-market-data-store.md.

export {
  INGEST_FORMATS,
  INGEST_KINDS,
  type IngestFileOptions,
  type IngestFileResult,
  type IngestKind,
  ingestFile,
} from './ingest-file.js';
export { knownThrough } from './known-through.js';
export {
  createMarketDataRepo,
  KyselyMarketDataRepo,
  type MarketDataRepoOptions,
  POSTGRES_CACHE_MAX_AGE_MS,
} from './kysely-market-data-repo.js';
export { MarketDataCache, type MarketDataCacheOptions, type TickerHistory } from './market-data-cache.js';
export type { MarketDataRepo } from './market-data-repo.js';
export {
  DEFAULT_DEMO,
  type SeedOptions,
  type SeedOutcome,
  seedDemoMarketIfEmpty,
  seedSyntheticMarket,
} from './seed-synthetic.js';
export { suggestTicker } from './suggest-ticker.js';
export * from './types.js';
