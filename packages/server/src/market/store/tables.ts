/**
 * Kysely table types of the market-data migration (`db/migrations/0002_market_data.ts`). Kept beside the
 * store rather than in `db/schema.ts`: only the market-data repository touches these tables.
 * PostgreSQL returns `bigint` columns as strings; the repository converts them.
 */

export interface InstrumentsTable {
  ticker: string;
  name: string;
  exchange: string | null;
  asset_class: string;
  currency: string;
  sector: string | null;
  calendar: string;
  /** 1 or 0. */
  active: number;
  source: string;
  /** The provider's industry label (`db/migrations/0019_instrument_industry_delisting.ts`). */
  industry: string | null;
  /** `YYYY-MM-DD` the listing ended, when a provider said. */
  delisted_on: string | null;
}

export interface DailyBarsTable {
  ticker: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  source: string;
}

/** A ticker's bars of one year in columns (`db/migrations/0021_daily_bar_blocks.ts`, `bar-blocks.ts`). */
export interface DailyBarBlocksTable {
  ticker: string;
  year: number;
  bars: number;
  days: Uint8Array;
  prices: Uint8Array;
  sources: string;
}

export interface CorporateActionsTable {
  ticker: string;
  date: string;
  kind: string;
  value: number;
  source: string;
}

export interface TradesTable {
  ticker: string;
  ts: number | string;
  seq: number;
  price: number;
  size: number;
  side: string | null;
  condition: string | null;
  source: string;
}

export interface QuotesTable {
  ticker: string;
  ts: number | string;
  seq: number;
  bid: number;
  ask: number;
  bid_size: number;
  ask_size: number;
  source: string;
}

export interface NewsTable {
  id: string;
  published_at: string;
  /** The publisher. */
  source: string;
  headline: string;
  summary: string | null;
  url: string | null;
  /** Where the row came from (`synthetic`, `ndjson:<file>`). */
  data_source: string;
}

export interface NewsTickersTable {
  news_id: string;
  ticker: string;
  /** The item's publication time, copied so (ticker, time) lookups need no join first. */
  published_at: string | null;
}

export interface IngestRunsTable {
  id: string;
  kind: string;
  source: string;
  ticker: string | null;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  finished_at: string;
}

/** Tables of the sync (`db/migrations/0013_market_sync.ts`). */
export interface UniverseTable {
  ticker: string;
  added_at: string;
}

export interface SyncCheckpointsTable {
  provider: string;
  ticker: string;
  kind: string;
  through: string;
  updated_at: string;
}

export interface ProviderBudgetsTable {
  budget_id: string;
  sent: string;
  paused_until: number | string;
  updated_at: string;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number | string;
}

/** A ticker the sync left short of its last session (migration 0024). */
export interface StaleTickersTable {
  ticker: string;
  expected_session: string;
  /** A StaleReason code: customer-safe, never a provider's message. */
  reason: string;
  known_through: string | null;
  /** When the sync first found it stale (storage clock). */
  since: string;
}

export interface BarRevisionsTable {
  ticker: string;
  date: string;
  revised_at: string;
  old_source: string;
  new_source: string;
  old_close: number;
  new_close: number;
  old_volume: number;
  new_volume: number;
}

/** A series stored already adjusted (`db/migrations/0014_adjusted_series.ts`). */
export interface AdjustedSeriesTable {
  ticker: string;
  basis: string;
  source: string;
}

export interface MarketTables {
  instruments: InstrumentsTable;
  daily_bars: DailyBarsTable;
  daily_bar_blocks: DailyBarBlocksTable;
  corporate_actions: CorporateActionsTable;
  trades: TradesTable;
  quotes: QuotesTable;
  news: NewsTable;
  news_tickers: NewsTickersTable;
  ingest_runs: IngestRunsTable;
  universe: UniverseTable;
  sync_checkpoints: SyncCheckpointsTable;
  provider_budgets: ProviderBudgetsTable;
  leases: LeasesTable;
  stale_tickers: StaleTickersTable;
  bar_revisions: BarRevisionsTable;
  adjusted_series: AdjustedSeriesTable;
}
