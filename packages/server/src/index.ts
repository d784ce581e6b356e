// Embedding Bellwether in another Node process: parse the configuration (or build one, starting from
// DEFAULT_ANALYSIS_CONFIG), open the platform, build the HTTP app (listen on it, or inject requests). The
// `bellwether` command does exactly this. Subpaths expose the layers underneath by content: ./platform,
// ./storage, ./market (+ ./market/ingest, ./market/synthetic), ./cards, ./analysis and ./http.

export { type BrokersConfig, DEFAULT_BROKERS_CONFIG } from './config/brokers-config.js';
export {
  type Config,
  type ConfigResult,
  DEFAULT_ANALYSIS_CONFIG,
  DEFAULT_CARDS_CONFIG,
  DEFAULT_COMPUTE_CONFIG,
  DEFAULT_HTTP_CONFIG,
  DEFAULT_SEND_TIMEOUT_SECONDS,
  parseConfig,
} from './config/config.js';
export { DEFAULT_EVENTS_CONFIG, type EventsConfig } from './config/events-config.js';
export { type MarketSyncConfig, NO_MARKET_SYNC, parseMarketSyncConfig } from './config/market-sync-config.js';
export { NO_STREAM, parseStreamConfig, type StreamConfig } from './config/stream-config.js';
export { buildApp } from './http/build-app.js';
export { depsFromPlatform } from './http/deps-from-platform.js';
export { createPlatform, type Platform } from './platform/create-platform.js';
export { VERSION } from './version.js';
