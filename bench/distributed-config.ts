import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
import { Redis } from 'ioredis';
import pg from 'pg';

/** The running services a distributed benchmark uses (loopback only; override by environment). */
const ADMIN_URL =
  process.env['BELLWETHER_BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['BELLWETHER_BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface DistributedBench {
  readonly config: Config;
  /** Drops the benchmark's database and deletes its Redis keys. */
  destroy(): Promise<void>;
}

/** What a second API node needs to join a first one's deployment: its database, Redis prefix and secret. */
export interface DeploymentShare {
  readonly databaseUrl: string;
  readonly prefix: string;
  readonly secret: string;
}

/**
 * Another API node of the deployment `share` describes (same database, Redis prefix and secret: limits
 * shared); destroying it removes only its own data directory, the first node drops the rest.
 */
export function joinedConfig(asOf: Date, share: DeploymentShare): DistributedBench {
  const dataDir = mkdtempSync(join(tmpdir(), 'bw-bench-'));
  return {
    config: {
      ...baseConfig(asOf, dataDir, share.databaseUrl, share.prefix),
      secret: share.secret,
    },
    async destroy() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function baseConfig(asOf: Date, dataDir: string, databaseUrl: string, prefix: string): Config {
  return {
    mode: 'distributed',
    host: '127.0.0.1',
    port: 0,
    http: DEFAULT_HTTP_CONFIG,
    dataDir,
    storage: { kind: 'postgres', url: databaseUrl },
    redisUrl: REDIS_URL,
    secret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    asOf,
    plansFile: undefined,
    redisPrefix: prefix,
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
  };
}

/**
 * A distributed (PostgreSQL + Redis) configuration on a fresh database and a private Redis key prefix,
 * with a pinned clock and silence, for benchmarks that compare the two run modes.
 */
export async function distributedConfig(
  asOf: Date,
  overrides: Partial<Config> = {},
): Promise<DistributedBench> {
  const suffix = randomBytes(6).toString('hex');
  const database = `bw_bench_${suffix}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const prefix = `bwbench:${suffix}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bw-bench-'));
  const config: Config = { ...baseConfig(asOf, dataDir, url.toString(), prefix), ...overrides };
  return {
    config,
    async destroy() {
      const redis = new Redis(REDIS_URL);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
      const drop = new pg.Client({ connectionString: ADMIN_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await drop.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
