// Market data in the database (DESIGN §6): the repository port, its Kysely implementation for SQLite
// and PostgreSQL, the per-ticker cache, the as-of rule and the synthetic-market seeder.
// See docs/market/data-layer.md and docs/adr/0032-market-data-store.md.

export { bareInstrument } from './bare-instrument.js';
export {
  INGEST_FORMATS,
  INGEST_KINDS,
  type IngestFileResult,
  type IngestKind,
  ingestFile,
} from './ingest-file.js';
export { createMarketDataRepo, KyselyMarketDataRepo } from './kysely-market-data-repo.js';
export { MarketDataCache, type TickerHistory } from './market-data-cache.js';
export type { MarketDataRepo } from './market-data-repo.js';
export { DEFAULT_DEMO, seedDemoMarketIfEmpty, seedSyntheticMarket } from './seed-synthetic.js';
export * from './types.js';
