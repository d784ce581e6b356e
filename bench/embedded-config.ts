import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type Config,
  DEFAULT_ANALYSIS_CONFIG,
  DEFAULT_BROKERS_CONFIG,
  DEFAULT_CARDS_CONFIG,
  DEFAULT_COMPUTE_CONFIG,
  DEFAULT_EVENTS_CONFIG,
  DEFAULT_HTTP_CONFIG,
  DEFAULT_SEND_TIMEOUT_SECONDS,
  NO_MARKET_SYNC,
  NO_STREAM,
} from '@bellwether/server';

/** The embedded (SQLite) configuration every benchmark runs on: a data directory, a pinned clock, silence. */
export function embeddedConfig(dir: string, asOf: Date, overrides: Partial<Config> = {}): Config {
  return {
    mode: 'embedded',
    host: '127.0.0.1',
    port: 0,
    http: DEFAULT_HTTP_CONFIG,
    dataDir: dir,
    storage: { kind: 'sqlite', file: join(dir, 'db.sqlite') },
    redisUrl: undefined,
    secret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    asOf,
    plansFile: undefined,
    redisPrefix: 'bw:',
    marketTicker: undefined,
    cards: DEFAULT_CARDS_CONFIG,
    analysis: DEFAULT_ANALYSIS_CONFIG,
    compute: DEFAULT_COMPUTE_CONFIG,
    sendTimeoutSeconds: DEFAULT_SEND_TIMEOUT_SECONDS,
    market: NO_MARKET_SYNC,
    stream: NO_STREAM,
    events: DEFAULT_EVENTS_CONFIG,
    brokers: DEFAULT_BROKERS_CONFIG,
    demo: true,
    demoHistorySessions: 0,
    ...overrides,
  };
}
