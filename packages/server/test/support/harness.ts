import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { asOfClock } from '../../src/clock/clock.js';
import { DEFAULT_BROKERS_CONFIG } from '../../src/config/brokers-config.js';
import {
  type Config,
  DEFAULT_ANALYSIS_CONFIG,
  DEFAULT_CARDS_CONFIG,
  DEFAULT_COMPUTE_CONFIG,
  DEFAULT_HTTP_CONFIG,
  DEFAULT_SEND_TIMEOUT_SECONDS,
} from '../../src/config/config.js';
import { DEFAULT_EVENTS_CONFIG, type EventsConfig } from '../../src/config/events-config.js';
import { NO_MARKET_SYNC } from '../../src/config/market-sync-config.js';
import { NO_STREAM } from '../../src/config/stream-config.js';
import { buildApp } from '../../src/http/build-app.js';
import { depsFromPlatform } from '../../src/http/deps-from-platform.js';
import { ResponseSerializers } from '../../src/http/response-serializers.js';
import { createPlatform, type Platform } from '../../src/platform/create-platform.js';
import {
  deletePrefix,
  sharedRedisAvailable,
  TEST_REDIS_URL,
  testPrefix,
} from '../limits/support/test-redis.js';
import { postgresAvailable, type TestDatabase } from './pg.js';
import { createMigratedTestDatabase } from './pg-template.js';
import { createTempDir, type TempDir } from './tmp.js';

export type Mode = 'embedded' | 'distributed';

/** The response serializers every app of this test process shares: compiled once, not once per app (ADR 0097). */
const SERIALIZERS = new ResponseSerializers();

/**
 * Tests deliver to loopback receivers over plain http; the SSRF tests turn this back off. Instances do not
 * run the webhook dispatcher unless a test asks for it (`DELIVERING`): its thread loads the server from
 * source through tsx, about 2 s of CPU per instance, which across the suite's instances slowed every
 * other test and held closes while it booted.
 */
export const TEST_EVENTS_CONFIG: EventsConfig = {
  ...DEFAULT_EVENTS_CONFIG,
  deliver: false,
  allowPrivate: true,
  allowHttp: true,
};

/** The events configuration of an instance that delivers webhooks itself (embedded mode's default). */
export const DELIVERING: EventsConfig = { ...TEST_EVENTS_CONFIG, deliver: true };

/** Both run modes, for `describe.each(MODES)`. */

export const MODES: readonly Mode[] = ['embedded', 'distributed'];

/** Captures every log line an app writes. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    cb();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/**
 * The deployment under test: its configuration and backing services (a temp data dir; plus, in
 * distributed mode, a fresh PostgreSQL database and a private Redis key prefix). Platforms and apps
 * opened on it share that state, like restarts or several instances would.
 */
export class Deployment {
  private constructor(
    readonly mode: Mode,
    readonly config: Config,
    readonly redisPrefix: string,
    private readonly dir: TempDir,
    private readonly db: TestDatabase | undefined,
  ) {}

  static async create(mode: Mode, overrides: Partial<Config> = {}): Promise<Deployment> {
    const dir = createTempDir('bw-http-');
    const secret = randomBytes(32).toString('hex');
    if (mode === 'embedded') {
      const config: Config = {
        mode,
        host: '127.0.0.1',
        port: 0,
        http: DEFAULT_HTTP_CONFIG,
        dataDir: dir.path,
        storage: { kind: 'sqlite', file: `${dir.path}/bellwether.db` },
        redisUrl: undefined,
        secret,
        logLevel: 'info',
        asOf: undefined,
        plansFile: undefined,
        redisPrefix: 'bw:',
        marketTicker: undefined,
        cards: DEFAULT_CARDS_CONFIG,
        analysis: DEFAULT_ANALYSIS_CONFIG,
        // Threads start on first use: suites build many apps, a kept thread each is seconds of imports.
        compute: { ...DEFAULT_COMPUTE_CONFIG, warm: false },
        sendTimeoutSeconds: DEFAULT_SEND_TIMEOUT_SECONDS,
        market: NO_MARKET_SYNC,
        stream: NO_STREAM,
        events: TEST_EVENTS_CONFIG,
        brokers: DEFAULT_BROKERS_CONFIG,
        demo: true,
        demoHistorySessions: 0,
        ...overrides,
      };
      return new Deployment(mode, config, '', dir, undefined);
    }
    await postgresAvailable();
    await sharedRedisAvailable();
    const db = await createMigratedTestDatabase();
    const redisPrefix = testPrefix();
    const config: Config = {
      mode,
      host: '127.0.0.1',
      port: 0,
      http: DEFAULT_HTTP_CONFIG,
      dataDir: dir.path,
      storage: { kind: 'postgres', url: db.url },
      redisUrl: TEST_REDIS_URL,
      secret,
      logLevel: 'info',
      asOf: undefined,
      plansFile: undefined,
      redisPrefix,
      marketTicker: undefined,
      cards: DEFAULT_CARDS_CONFIG,
      analysis: DEFAULT_ANALYSIS_CONFIG,
      // Threads start on first use: suites build many apps, a kept thread each is seconds of imports.
      compute: { ...DEFAULT_COMPUTE_CONFIG, warm: false },
      sendTimeoutSeconds: DEFAULT_SEND_TIMEOUT_SECONDS,
      market: NO_MARKET_SYNC,
      stream: NO_STREAM,
      events: TEST_EVENTS_CONFIG,
      brokers: DEFAULT_BROKERS_CONFIG,
      demo: true,
      demoHistorySessions: 0,
      ...overrides,
    };
    return new Deployment(mode, config, redisPrefix, dir, db);
  }

  /** Environment for a `bellwether` child process of this deployment. */
  env(): Record<string, string> {
    const env: Record<string, string> = {
      BELLWETHER_DATA_DIR: this.config.dataDir,
      BELLWETHER_SECRET: this.config.secret ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      BELLWETHER_WORKER_PORT: '0',
    };
    if (this.config.storage.kind === 'postgres') env.DATABASE_URL = this.config.storage.url;
    if (this.config.redisUrl !== undefined) env.REDIS_URL = this.config.redisUrl;
    if (this.redisPrefix !== '') env.BELLWETHER_REDIS_PREFIX = this.redisPrefix;
    return env;
  }

  /**
   * A platform whose real time is its clock: a test "as of" an instant lives at that instant, so it
   * publishes on time what a real service would publish then (lateness is judged by real time).
   */
  openPlatform(asOf = this.config.asOf): Promise<Platform> {
    return createPlatform({ ...this.config, asOf }, asOf === undefined ? {} : { wallClock: asOfClock(asOf) });
  }

  /** Opens a platform and an app on it (one "server instance"); `asOf`: its clock stands there instead. */
  async start(asOf = this.config.asOf): Promise<Instance> {
    const platform = await this.openPlatform(asOf);
    const logs = new LogCapture();
    const app = await buildApp({
      ...depsFromPlatform(platform, { level: 'info', stream: logs }),
      serializers: SERIALIZERS,
    });
    await app.ready();
    return new Instance(platform, app, logs);
  }

  /** Deletes this deployment's Redis keys (simulates a Redis restart for this deployment). */
  async wipeRedis(): Promise<void> {
    if (this.redisPrefix === '') return;
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await deletePrefix(redis, this.redisPrefix);
    } finally {
      redis.disconnect();
    }
  }

  async destroy(): Promise<void> {
    await this.wipeRedis();
    await this.db?.drop();
    this.dir.remove();
  }
}

export class Instance {
  constructor(
    readonly platform: Platform,
    readonly app: FastifyInstance,
    readonly logs: LogCapture,
  ) {}

  /** An account on `plan` with one key; optional quota override. */
  async account(
    plan: string | null,
    opts: { quota?: number; burst?: number; email?: string; name?: string; password?: string } = {},
  ) {
    const created = await this.platform.accounts.create({
      name: opts.name ?? `Test ${randomBytes(3).toString('hex')}`,
      email: opts.email ?? `t-${randomBytes(6).toString('hex')}@example.test`,
      plan_id: plan,
      ...(opts.password === undefined ? {} : { password: opts.password }),
    });
    if (!created.ok) throw new Error(`account: ${created.reason}`);
    if (opts.quota !== undefined || opts.burst !== undefined) {
      await this.platform.accounts.setOverrides(created.account.id, {
        ...(opts.quota === undefined ? {} : { quota_amount: opts.quota }),
        ...(opts.burst === undefined ? {} : { burst_limit: opts.burst }),
      });
    }
    if (plan === null)
      return {
        account: created.account,
        user: created.user,
        key: undefined as string | undefined,
        keyId: undefined as string | undefined,
      };
    const key = await this.platform.keys.create(created.account.id, 'test');
    if (!key.ok) throw new Error(`key: ${key.reason}`);
    return {
      account: created.account,
      user: created.user,
      key: key.key as string | undefined,
      keyId: key.record.id as string | undefined,
    };
  }

  get(url: string, key?: string, headers: Record<string, string> = {}) {
    return this.app.inject({
      method: 'GET',
      url,
      headers: key === undefined ? headers : { ...headers, authorization: `Bearer ${key}` },
    });
  }

  /**
   * Signs a user in to the dashboard from `remoteAddress` (sign-ins are throttled per address: give each
   * test its own) and returns its session and a caller of /dashboard/api that sends the cookie, and the
   * CSRF token on state changes, from the same address.
   */
  async dashboard(email: string, password: string, remoteAddress = '127.0.0.1') {
    const res = await this.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
    if (res.statusCode !== 200) throw new Error(`dashboard sign-in: ${res.statusCode} ${res.body}`);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    const csrf = res.json().csrf as string;
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      this.app.inject({
        method,
        url: `/dashboard/api${path}`,
        remoteAddress,
        headers: {
          cookie,
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    return { signIn: res, cookie, csrf, call };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.platform.close();
  }
}
