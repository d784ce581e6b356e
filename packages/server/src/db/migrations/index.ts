import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_market_data.js';
import * as m0003 from './0003_card_outcomes.js';
import * as m0004 from './0004_analysis_jobs.js';
import * as m0005 from './0005_feed.js';
import * as m0006 from './0006_dashboard_sessions.js';
import * as m0007 from './0007_news_ticker_time.js';
import * as m0008 from './0008_usage_refusals.js';
import * as m0009 from './0009_feed_recorded_at.js';
import * as m0010 from './0010_key_meters.js';
import * as m0011 from './0011_sign_in_throttle.js';
import * as m0012 from './0012_analysis_waiting_per_account.js';
import * as m0013 from './0013_market_sync.js';
import * as m0014 from './0014_adjusted_series.js';
import * as m0015 from './0015_card_ledger.js';
import * as m0016 from './0016_events.js';
import * as m0017 from './0017_saved_screens.js';
import * as m0018 from './0018_broker_connections.js';
import * as m0019 from './0019_instrument_industry_delisting.js';
import * as m0020 from './0020_market_generation.js';
import * as m0021 from './0021_daily_bar_blocks.js';
import * as m0022 from './0022_event_sequence.js';
import * as m0023 from './0023_as_of_origins.js';
import * as m0024 from './0024_stale_tickers.js';
import * as m0025 from './0025_secret_check.js';
import * as m0026 from './0026_universe_membership.js';
import * as m0029 from './0029_backtest_jobs.js';
import * as m0031 from './0031_fundamental_facts.js';

/**
 * Every migration, by name; names sort in the order they run. Listed statically (not read from a
 * directory) so the compiled server and tsx-run sources resolve the same set.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': m0001,
  '0002_market_data': m0002,
  '0003_card_outcomes': m0003,
  '0004_analysis_jobs': m0004,
  '0005_feed': m0005,
  '0006_dashboard_sessions': m0006,
  '0007_news_ticker_time': m0007,
  '0008_usage_refusals': m0008,
  '0009_feed_recorded_at': m0009,
  '0010_key_meters': m0010,
  '0011_sign_in_throttle': m0011,
  '0012_analysis_waiting_per_account': m0012,
  '0013_market_sync': m0013,
  '0014_adjusted_series': m0014,
  '0015_card_ledger': m0015,
  '0016_events': m0016,
  '0017_saved_screens': m0017,
  '0018_broker_connections': m0018,
  '0019_instrument_industry_delisting': m0019,
  '0020_market_generation': m0020,
  '0021_daily_bar_blocks': m0021,
  '0022_event_sequence': m0022,
  '0023_as_of_origins': m0023,
  '0024_stale_tickers': m0024,
  '0025_secret_check': m0025,
  '0026_universe_membership': m0026,
  '0029_backtest_jobs': m0029,
  '0031_fundamental_facts': m0031,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
