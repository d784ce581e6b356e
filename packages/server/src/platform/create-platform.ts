import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { asOfClock, type Clock, systemClock } from '../clock/clock.js';
import type { Config } from '../config/config.js';
import { openDataDir } from '../db/data-dir.js';
import { migrateToLatest } from '../db/migrate.js';
import { openStorage } from '../db/open-storage.js';
import type { Storage } from '../db/repositories.js';
import { BenchmarkResolver } from '../market/store/benchmark-resolver.js';
import { createMarketDataRepo, type MarketDataRepo } from '../market/store/index.js';
import { createMarketListings } from '../market/store/kysely-market-listings.js';
import type { MarketListings } from '../market/store/market-listings.js';
import { SyncStateRepo } from '../market/store/sync-state-repo.js';
import { SyncMetrics } from '../market/sync/sync-metrics.js';
import { AccountService } from './accounts/account-service.js';
import { CredentialCipher } from './crypto/credential-cipher.js';
import type { CacheCoherence } from './keys/cache-coherence.js';
import { CHANGE_NOTICE_SOCKET } from './keys/change-notices.js';
import { EmbeddedCoherence } from './keys/embedded-coherence.js';
import { KeyService } from './keys/key-service.js';
import { RedisCoherence } from './keys/redis-coherence.js';
import { createLimiters, type Limiters } from './limits/create-limiters.js';
import type { RefusalLog } from './limits/types.js';
import { PlanCatalog } from './plans/plan-catalog.js';
import { reachDatabase } from './reach-database.js';
import { reachDependency } from './reach-dependency.js';
import { shareCommandDeadline } from './redis-command-deadline.js';
import { loadOrCreateSecret, secretCheckDigest } from './server-secret.js';

export interface Platform {
  readonly config: Config;
  readonly storage: Storage;
  /** The process's one market-data repository (one per-ticker cache): ingest, demo seeding, analytics. */
  readonly market: MarketDataRepo;
  /** The one benchmark resolver (ADR 0081): the operator's setting, else SPY with bars, else the index. */
  readonly benchmarks: BenchmarkResolver;
  /** The market store read as lists across tickers (instruments, corporate actions, news). */
  readonly listings: MarketListings;
  /** The market-data sync's universe, checkpoints, budgets and lease (ADR 0067). */
  readonly syncState: SyncStateRepo;
  /** This process's market-data sync outcomes (`bellwether serve` runs the sync; /metrics shows them). */
  readonly syncMetrics: SyncMetrics;
  readonly plans: PlanCatalog;
  readonly keys: KeyService;
  readonly accounts: AccountService;
  readonly limiters: Limiters;
  /** Requests refused with 429, counted by the limiters' usage ledger beside (never in) usage. */
  readonly refusals: RefusalLog;
  readonly clock: Clock;
  /**
   * Real time, which BELLWETHER_AS_OF does not move: what publication judges lateness by (a session
   * published after it closed is late however the service's clock was set).
   */
  readonly wallClock: Clock;
  readonly redis: Redis | undefined;
  /** Seals webhook signing secrets at rest (AES-256-GCM under a key derived from the server secret). */
  readonly webhookCipher: CredentialCipher;
  /** Seals broker credentials at rest (its own derived key: a webhook secret's ciphertext does not open as one). */
  readonly brokerCipher: CredentialCipher;
  /**
   * Whether the server secret is the one the stored data was written under; `false`: every key digest and
   * sealed secret is unreadable, and readiness fails (ADR 0085).
   */
  readonly secretMatches: boolean;
  /**
   * Embedded mode, for the process holding the data directory's instance lock (`bellwether serve`):
   * receive key and account changes made by other processes (the CLI) over a Unix socket instead of
   * reading SQLite's change counter on every request (ADR 0058). `false` when not embedded or the
   * socket cannot be bound (the per-request check stays).
   */
  serveChangeNotices(): Promise<boolean>;
  close(): Promise<void>;
}

export function loadPlans(file: string | undefined): PlanCatalog {
  if (file === undefined) return PlanCatalog.defaults();
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read plan catalogue ${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = PlanCatalog.parse(data);
  if (!parsed.ok) throw new Error(`invalid plan catalogue ${file}:\n  ${parsed.errors.join('\n  ')}`);
  return parsed.catalog;
}

/** Background ledger writes are retried until they succeed; an operator should still hear of failures. */
function reportFlushError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `${JSON.stringify({ level: 40, time: Date.now(), msg: 'usage ledger flush failed; retrying', err: message })}\n`,
  );
}

/**
 * The one place implementations are chosen: SQLite + in-memory limiter + in-process cache coherence
 * (embedded) or PostgreSQL + Redis (distributed). Migrates on open.
 */
export interface PlatformOptions {
  /** Real time (default: the system clock); tests of a simulated "now" stand their own in. */
  readonly wallClock?: Clock;
  /**
   * A long-running process of the deployment (serve, worker): its as-of clock starts where the
   * deployment's first process started it (stored once), not at this process's start. One-shot commands
   * (`publish --as-of`) keep a clock of their own.
   */
  readonly sharedAsOf?: boolean;
}

/** How long a Redis command may wait for its answer before the request it serves fails (503). */
const REDIS_COMMAND_TIMEOUT_MS = 2000;

export async function createPlatform(config: Config, options: PlatformOptions = {}): Promise<Platform> {
  const plans = loadPlans(config.plansFile);
  // Embedded mode keeps its state in the data directory: owner-only, or no start (data-dir.ts).
  if (config.mode === 'embedded') openDataDir(config.dataDir);
  const secret = loadOrCreateSecret(config.secret, config.dataDir);
  const storage = await openStorage(config.storage);
  let redis: Redis | undefined;
  let stopDeadline = () => {};
  try {
    await reachDatabase(config.storage, storage);
    await migrateToLatest(storage);
    const secretMatches = await storage.secretCheck.matches(secretCheckDigest(secret));
    let coherence: CacheCoherence;
    let embedded: EmbeddedCoherence | undefined;
    let limiters: Limiters;
    if (config.mode === 'distributed' && config.redisUrl !== undefined) {
      // No `commandTimeout`: it arms a timer per command; one sweep gives every command the same
      // deadline (redis-command-deadline.ts), so a dead Redis still fails requests within ~2 s.
      redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      });
      stopDeadline = shareCommandDeadline(redis, REDIS_COMMAND_TIMEOUT_MS);
      let refused: unknown;
      redis.on('error', (err: unknown) => {
        // Connection errors surface on the commands that fail (→ 503); ioredis reconnects by itself.
        // At start-up, the last one says why the connection closed.
        refused = err;
      });
      const client = redis;
      await reachDependency(
        { name: 'Redis', url: config.redisUrl, code: 'redis_unavailable' },
        () => client.connect(),
        () => refused,
      );
      const prefix = config.redisPrefix;
      coherence = new RedisCoherence(redis, prefix);
      limiters = createLimiters(
        { kind: 'redis', redis, prefix, onFlushError: reportFlushError },
        storage.usage,
      );
    } else {
      embedded = new EmbeddedCoherence(() => storage.externalChangeToken(), {
        socketPath: join(config.dataDir, CHANGE_NOTICE_SOCKET),
      });
      coherence = embedded;
      limiters = createLimiters({ kind: 'memory', onFlushError: reportFlushError }, storage.usage);
    }
    const keys = new KeyService(storage, plans, coherence, secret);
    const accounts = new AccountService(storage, plans, keys);
    const clock =
      config.asOf === undefined
        ? systemClock
        : asOfClock(
            config.asOf,
            Date.now,
            options.sharedAsOf === true
              ? await storage.asOfOrigins.origin(config.asOf.toISOString(), Date.now())
              : Date.now(),
          );
    const ownRedis = redis;
    const market = createMarketDataRepo(storage);
    const listings = createMarketListings(storage, market.cache);
    const syncState = new SyncStateRepo(storage, () => clock.now());
    const ledger = limiters.ledger;
    const refusals: RefusalLog = {
      record: (key_id, window, window_start, policy) =>
        ledger.recordRefusal(key_id, window, window_start, policy),
      history: (key_id, window, since) => ledger.readRefusals(storage.usage, key_id, window, since),
    };
    return {
      config,
      storage,
      market,
      benchmarks: new BenchmarkResolver(market, config.marketTicker),
      listings,
      syncState,
      syncMetrics: new SyncMetrics(),
      plans,
      keys,
      accounts,
      limiters,
      refusals,
      clock,
      wallClock: options.wallClock ?? systemClock,
      redis,
      webhookCipher: new CredentialCipher(secret, 'webhook-secrets/v1'),
      brokerCipher: new CredentialCipher(secret, 'broker-credentials/v1'),
      secretMatches,
      serveChangeNotices: async () => (embedded === undefined ? false : embedded.serveNotices()),
      async close() {
        await limiters.close();
        await coherence.close();
        await storage.close();
        stopDeadline();
        if (ownRedis !== undefined) ownRedis.disconnect();
      },
    };
  } catch (err) {
    await storage.close();
    stopDeadline();
    redis?.disconnect();
    throw err;
  }
}
