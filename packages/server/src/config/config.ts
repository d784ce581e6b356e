import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { type BrokersConfig, parseBrokersConfig } from './brokers-config.js';
import { type EventsConfig, parseEventsConfig } from './events-config.js';
import { intSetting } from './int-setting.js';
import { type MarketSyncConfig, parseMarketSyncConfig } from './market-sync-config.js';
import { parseStreamConfig, type StreamConfig } from './stream-config.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type StorageConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string };

export interface Config {
  /** `embedded`: SQLite + in-process limiter; `distributed`: PostgreSQL + Redis. */
  readonly mode: 'embedded' | 'distributed';
  readonly host: string;
  readonly port: number;
  /** What one client may hold open or cost before it is known, and how its address is known (ADR 0062). */
  readonly http: HttpConfig;
  readonly dataDir: string;
  readonly storage: StorageConfig;
  readonly redisUrl: string | undefined;
  /** Server secret for key digests and credential encryption; undefined → generated into the data dir (embedded only). */
  readonly secret: string | undefined;
  readonly logLevel: LogLevel;
  /** Pin the service clock to this instant (`BELLWETHER_AS_OF`). */
  readonly asOf: Date | undefined;
  /** Path of the plan catalogue file; undefined → the built-in defaults. */
  readonly plansFile: string | undefined;
  /** Prefix of every Redis key (`BELLWETHER_REDIS_PREFIX`, default `bw:`); lets deployments share a Redis. */
  readonly redisPrefix: string;
  /**
   * The market's benchmark (`BELLWETHER_MARKET_TICKER`): first choice of the one benchmark resolver (ADR 0081)
   * for risk, reports, the feed and the cards' market rules; undefined: SPY when it has bars through the
   * window, else the market's index.
   */
  readonly marketTicker: string | undefined;
  /** Card publication: how many cards per session, and from which tickers (undefined: every active one). */
  readonly cards: {
    readonly perSession: number;
    readonly universe: readonly string[] | undefined;
    /** Minutes before the open at which a session's cards are published. */
    readonly leadMinutes: number;
    /** `edge`: by expected R net of costs, then conviction; `conviction`: the other way round. */
    readonly ranking: 'edge' | 'conviction';
    /** Commission and slippage per side, in basis points of the price: outcomes are reported net of it. */
    readonly costBps: number;
    /** No card is published whose expected R net of costs is below this (fewer cards, or none). */
    readonly minExpectedR: number;
    /** Shorts only while the market (the resolved benchmark, ADR 0081) is in a downtrend, longs only while it is not. */
    readonly marketFilter: boolean;
  };
  /** Analysis jobs: this process's worker threads, the queue bound, the attempt lease and retention. */
  readonly analysis: {
    /** Worker threads (undefined: cores − 1, at least 1); 0 makes a distributed `serve` submit only. */
    readonly threads: number | undefined;
    /** Waiting jobs beyond which a submission is refused with 503. */
    readonly queueLimit: number;
    readonly leaseSeconds: number;
    readonly retentionDays: number;
  };
  /** The analytics endpoints' worker threads (ADR 0061). */
  readonly compute: {
    /** Computations waiting for a thread beyond which a heavy analytics request is refused with 503. */
    readonly queueLimit: number;
    /**
     * Start one thread with the app (ready waits for it to load its modules) and keep it while the app
     * runs, so the first screen or analysis after a start or a quiet minute does not wait for a thread's
     * start (~0.4 s of imports built, ~2 s from source; ADR 0091). Absent or false: threads start on
     * first use and all leave after a minute idle (tests, which build many apps).
     */
    readonly warm?: boolean;
  };
  /** An answer whose connection accepts no bytes for this long is destroyed (ADR 0061). */
  readonly sendTimeoutSeconds: number;
  /** Live market data: providers, keys, budgets and the sync's schedule (ADR 0067). */
  readonly market: MarketSyncConfig;
  /** Events, webhooks and the event stream (ADR 0069). */
  readonly events: EventsConfig;
  readonly brokers: BrokersConfig;
  /** The live stream of trades and quotes (off by default; ADR 0102). */
  readonly stream: StreamConfig;
  /**
   * Whether `serve` may create the demo account (and, without a provider, the synthetic market) on an
   * empty database (`BELLWETHER_DEMO`, default on). Never with a market-data provider configured.
   */
  readonly demo: boolean;
  /**
   * Past sessions a fresh demo publishes as backfills, its simulated history (`BELLWETHER_DEMO_HISTORY_SESSIONS`,
   * default 60; 0: none): kept apart from the track record (`/cards/performance?record=backfilled`).
   */
  readonly demoHistorySessions: number;
}

/** Sessions of simulated history a fresh demo gets: about three months, enough for outcomes to resolve. */
const DEMO_HISTORY_SESSIONS = 60;

export interface HttpConfig {
  /** A request whose headers have not all arrived after this long gets 408 and is closed. */
  readonly headersTimeoutMs: number;
  /** A request (headers and body) that has not arrived in full after this long gets 408 and is closed. */
  readonly requestTimeoutMs: number;
  /** Open connections one client address may hold; more are closed at once. 0: no cap. */
  readonly maxConnectionsPerAddress: number;
  /** Unknown, revoked or wrong API keys one client address may present per minute before 429. 0: no limit. */
  readonly authFailuresPerMinute: number;
  /**
   * Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`); empty: none, the peer's address is the client's.
   */
  readonly trustProxy: readonly string[];
  /** Bearer token `/metrics` requires; undefined: `/metrics` answers loopback clients only. */
  readonly metricsToken: string | undefined;
  /**
   * Whether the raw-data routes (/bars, /corporate-actions, /news) serve data; off (a provider licence that
   * forbids redistribution), they answer 403 `raw_data_disabled` (`BELLWETHER_RAW_DATA_ROUTES`, ADR 0072).
   */
  readonly rawDataRoutes: boolean;
  /**
   * Bytes a second the reader of a large answer must take on average over each `readWindowMs` (while
   * bytes wait for it), or the connection is closed and its answer slot given back; 0: no floor
   * (`BELLWETHER_MIN_READ_BYTES_PER_SECOND`, ADR 0082).
   */
  readonly minReadBytesPerSecond: number;
  /** The window the read floor is averaged over (`BELLWETHER_READ_WINDOW_SECONDS`). */
  readonly readWindowMs: number;
  /**
   * After SIGTERM, how long `/readyz` answers 503 while every request is still served, so load balancers
   * stop sending before the listener closes (`BELLWETHER_SHUTDOWN_GRACE_SECONDS`, ADR 0085).
   */
  readonly shutdownGraceMs: number;
  /**
   * Once the listener is closed, how long requests in flight may take to finish before their connections
   * are cut (`BELLWETHER_DRAIN_SECONDS`, ADR 0085).
   */
  readonly drainMs: number;
  /** Port of `bellwether worker`'s /healthz, /readyz and /metrics (`BELLWETHER_WORKER_PORT`; 0: any free port). */
  readonly workerPort: number;
}

/** The HTTP settings when no variable is set. */
export const DEFAULT_HTTP_CONFIG: HttpConfig = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnectionsPerAddress: 128,
  authFailuresPerMinute: 60,
  trustProxy: [],
  metricsToken: undefined,
  rawDataRoutes: true,
  // 16 KB/s: a reader on any link a data client runs on takes far more; 2 KB every 10 s does not.
  minReadBytesPerSecond: 16_384,
  readWindowMs: 10_000,
  shutdownGraceMs: 0,
  drainMs: 30_000,
  workerPort: 8081,
};

/** Names `BELLWETHER_TRUST_PROXY` accepts besides addresses and CIDR ranges (proxy-addr's). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** The analysis settings when no variable is set. */
export const DEFAULT_ANALYSIS_CONFIG: Config['analysis'] = {
  threads: undefined,
  queueLimit: 100,
  leaseSeconds: 30,
  retentionDays: 30,
};

/** The compute settings when no variable is set. */
export const DEFAULT_COMPUTE_CONFIG: Config['compute'] = { queueLimit: 16, warm: true };
export const DEFAULT_SEND_TIMEOUT_SECONDS = 30;
/** Card publication as `parseConfig` sets it with no card variable in the environment. */
export const DEFAULT_CARDS_CONFIG: Config['cards'] = {
  perSession: 10,
  universe: undefined,
  leadMinutes: 60,
  ranking: 'edge',
  // Commission plus slippage per side: 5 bp, what a liquid US large cap costs a retail account at a
  // zero-commission broker (half a cent of spread on a $100 stock is 0.5 bp each way; the rest is slippage at
  // the open). An operator serving other markets sets their own.
  costBps: 5,
  minExpectedR: 0,
  marketFilter: true,
};

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly errors: readonly string[] };

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Parses the environment once. Nothing else in the server reads `process.env`. The mode is
 * `BELLWETHER_MODE` (embedded | distributed) when set, checked against the rest; unset, `DATABASE_URL`
 * (postgres://) selects PostgreSQL and therefore distributed mode. Distributed mode requires `REDIS_URL`
 * and `BELLWETHER_SECRET` (every instance must share the secret).
 */
export function parseConfig(env: Readonly<Record<string, string | undefined>>, cwd: string): ConfigResult {
  const errors: string[] = [];
  const get = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  const port = parsePort(get('PORT') ?? '8080');
  if (port === undefined) errors.push('PORT must be an integer between 0 and 65535');
  const host = get('HOST') ?? '127.0.0.1';
  const dataDirRaw = get('BELLWETHER_DATA_DIR') ?? './.bellwether';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const databaseUrl = get('DATABASE_URL');
  let storage: StorageConfig = { kind: 'sqlite', file: resolve(dataDir, 'bellwether.db') };
  if (databaseUrl !== undefined) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) storage = { kind: 'postgres', url: databaseUrl };
    else
      errors.push(
        'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for embedded SQLite)',
      );
  }
  const redisUrl = get('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    errors.push('REDIS_URL must be a redis:// or rediss:// URL');
  const modeRaw = get('BELLWETHER_MODE')?.toLowerCase();
  if (modeRaw !== undefined && modeRaw !== 'embedded' && modeRaw !== 'distributed')
    errors.push(
      'BELLWETHER_MODE must be embedded or distributed (unset: distributed exactly when DATABASE_URL is set)',
    );
  if (modeRaw === 'distributed' && storage.kind !== 'postgres' && databaseUrl === undefined)
    errors.push(
      'BELLWETHER_MODE=distributed needs DATABASE_URL (postgres://), REDIS_URL and BELLWETHER_SECRET',
    );
  if (modeRaw === 'embedded' && databaseUrl !== undefined)
    errors.push(
      'BELLWETHER_MODE=embedded keeps its state in SQLite under BELLWETHER_DATA_DIR: unset DATABASE_URL (and REDIS_URL), or choose distributed',
    );
  const mode = storage.kind === 'postgres' ? 'distributed' : 'embedded';
  if (mode === 'distributed' && redisUrl === undefined) {
    errors.push(
      'distributed mode (DATABASE_URL set) needs REDIS_URL for limits, key-cache invalidation and jobs',
    );
  }
  if (mode === 'embedded' && redisUrl !== undefined) {
    errors.push(
      'REDIS_URL is set without DATABASE_URL: set both for distributed mode, or neither for embedded mode',
    );
  }

  const secret = get('BELLWETHER_SECRET');
  if (secret !== undefined && secret.length < 32)
    errors.push('BELLWETHER_SECRET must be at least 32 characters');
  if (mode === 'distributed' && secret === undefined) {
    errors.push('distributed mode needs BELLWETHER_SECRET, shared by every instance');
  }

  const logLevelRaw = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((l) => l === logLevelRaw);
  if (logLevel === undefined) errors.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  let asOf: Date | undefined;
  const asOfRaw = get('BELLWETHER_AS_OF');
  if (asOfRaw !== undefined) {
    asOf = parseInstant(asOfRaw);
    if (asOf === undefined)
      errors.push('BELLWETHER_AS_OF must be an ISO-8601 instant such as 2015-06-01T15:00:00Z');
  }
  const plansRaw = get('BELLWETHER_PLANS_FILE');
  const plansFile = plansRaw === undefined ? undefined : resolve(cwd, plansRaw);
  const redisPrefix = get('BELLWETHER_REDIS_PREFIX') ?? 'bw:';
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(redisPrefix))
    errors.push('BELLWETHER_REDIS_PREFIX may contain only letters, digits and _ : . -');

  const marketTicker = get('BELLWETHER_MARKET_TICKER')?.toUpperCase();
  if (marketTicker !== undefined && !/^[A-Z0-9.^=-]{1,20}$/.test(marketTicker))
    errors.push('BELLWETHER_MARKET_TICKER must be one ticker, e.g. SPY or ^GSPC');

  const perSessionRaw = get('BELLWETHER_CARDS_PER_SESSION') ?? '10';
  const perSession = /^\d{1,3}$/.test(perSessionRaw) ? Number(perSessionRaw) : Number.NaN;
  if (!(perSession >= 1 && perSession <= 200))
    errors.push('BELLWETHER_CARDS_PER_SESSION must be an integer from 1 to 200');
  const universeRaw = get('BELLWETHER_CARDS_UNIVERSE');
  const universe = universeRaw
    ?.split(',')
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  if (
    universe !== undefined &&
    (universe.length === 0 || !universe.every((t) => /^[A-Z0-9.^=-]{1,20}$/.test(t)))
  )
    errors.push('BELLWETHER_CARDS_UNIVERSE must be a comma-separated list of tickers, e.g. AAPL,MSFT,XOM');

  const leadRaw = get('BELLWETHER_CARDS_LEAD_MINUTES') ?? '60';
  const leadMinutes = /^\d{1,3}$/.test(leadRaw) ? Number(leadRaw) : Number.NaN;
  if (!(leadMinutes >= 0 && leadMinutes <= 720))
    errors.push('BELLWETHER_CARDS_LEAD_MINUTES must be an integer from 0 to 720 (minutes before the open)');
  const rankingRaw = get('BELLWETHER_CARDS_RANKING') ?? 'edge';
  const ranking = rankingRaw === 'edge' || rankingRaw === 'conviction' ? rankingRaw : undefined;
  if (ranking === undefined) errors.push('BELLWETHER_CARDS_RANKING must be edge or conviction');
  const costRaw = get('BELLWETHER_CARDS_COST_BPS') ?? String(DEFAULT_CARDS_CONFIG.costBps);
  const costBps = /^\d{1,3}(\.\d{1,2})?$/.test(costRaw) ? Number(costRaw) : Number.NaN;
  if (!(costBps >= 0 && costBps <= 100))
    errors.push('BELLWETHER_CARDS_COST_BPS must be a number of basis points per side from 0 to 100, e.g. 5');
  const filterRaw = get('BELLWETHER_CARDS_MARKET_FILTER') ?? 'on';
  const marketFilter = filterRaw === 'on' ? true : filterRaw === 'off' ? false : undefined;
  if (marketFilter === undefined) errors.push('BELLWETHER_CARDS_MARKET_FILTER must be on or off');
  const floorRaw = get('BELLWETHER_CARDS_MIN_EXPECTED_R') ?? '0';
  const minExpectedR = /^-?\d{1,2}(\.\d{1,3})?$/.test(floorRaw) ? Number(floorRaw) : Number.NaN;
  if (!(minExpectedR >= -5 && minExpectedR <= 5))
    errors.push('BELLWETHER_CARDS_MIN_EXPECTED_R must be an R multiple from -5 to 5, e.g. 0 or 0.05');

  const threadsRaw = get('BELLWETHER_ANALYSIS_THREADS');
  const threads =
    threadsRaw === undefined
      ? undefined
      : intSetting(errors, 'BELLWETHER_ANALYSIS_THREADS', threadsRaw, 0, 64);
  const analysis = {
    threads,
    queueLimit: intSetting(
      errors,
      'BELLWETHER_ANALYSIS_QUEUE_LIMIT',
      get('BELLWETHER_ANALYSIS_QUEUE_LIMIT') ?? '100',
      1,
      100_000,
    ),
    leaseSeconds: intSetting(
      errors,
      'BELLWETHER_ANALYSIS_LEASE_SECONDS',
      get('BELLWETHER_ANALYSIS_LEASE_SECONDS') ?? '30',
      1,
      3600,
    ),
    retentionDays: intSetting(
      errors,
      'BELLWETHER_ANALYSIS_RETENTION_DAYS',
      get('BELLWETHER_ANALYSIS_RETENTION_DAYS') ?? '30',
      1,
      3650,
    ),
  };

  const compute = {
    queueLimit: intSetting(
      errors,
      'BELLWETHER_COMPUTE_QUEUE_LIMIT',
      get('BELLWETHER_COMPUTE_QUEUE_LIMIT') ?? String(DEFAULT_COMPUTE_CONFIG.queueLimit),
      1,
      10_000,
    ),
    warm: true,
  };
  // Above the longest legitimate silence of an answer in progress (none: answers are sent at once and
  // streamed), and below the minutes an unread answer could otherwise hold its memory.
  const sendTimeoutSeconds = intSetting(
    errors,
    'BELLWETHER_SEND_TIMEOUT_SECONDS',
    get('BELLWETHER_SEND_TIMEOUT_SECONDS') ?? String(DEFAULT_SEND_TIMEOUT_SECONDS),
    1,
    3600,
  );

  const http = parseHttpConfig(errors, get);
  const market = parseMarketSyncConfig(errors, get);
  const events = parseEventsConfig(errors, get);
  const brokers = parseBrokersConfig(errors, get);
  const stream = parseStreamConfig(errors, get);
  const demoHistorySessions = intSetting(
    errors,
    'BELLWETHER_DEMO_HISTORY_SESSIONS',
    get('BELLWETHER_DEMO_HISTORY_SESSIONS') ?? String(DEMO_HISTORY_SESSIONS),
    0,
    250,
  );
  const demoRaw = (get('BELLWETHER_DEMO') ?? 'on').toLowerCase();
  if (demoRaw !== 'on' && demoRaw !== 'off')
    errors.push(
      'BELLWETHER_DEMO must be on or off (off: no demo account and no synthetic market on a first start)',
    );

  if (errors.length > 0 || port === undefined || logLevel === undefined || ranking === undefined)
    return { ok: false, errors };
  return {
    ok: true,
    config: {
      mode,
      host,
      port,
      http,
      dataDir,
      storage,
      redisUrl,
      secret,
      logLevel,
      asOf,
      plansFile,
      redisPrefix,
      marketTicker,
      cards: {
        perSession,
        universe,
        leadMinutes,
        ranking,
        costBps,
        minExpectedR,
        marketFilter: marketFilter as boolean,
      },
      analysis,
      compute,
      sendTimeoutSeconds,
      market,
      events,
      brokers,
      stream,
      demo: demoRaw === 'on' && market.bars.length === 0,
      demoHistorySessions,
    },
  };
}

function parseHttpConfig(errors: string[], get: (name: string) => string | undefined): HttpConfig {
  const d = DEFAULT_HTTP_CONFIG;
  const seconds = (name: string, fallback: number, max: number) =>
    intSetting(errors, name, get(name) ?? String(fallback / 1000), 1, max) * 1000;
  const headersTimeoutMs = seconds('BELLWETHER_HEADERS_TIMEOUT_SECONDS', d.headersTimeoutMs, 600);
  const requestTimeoutMs = seconds('BELLWETHER_REQUEST_TIMEOUT_SECONDS', d.requestTimeoutMs, 3600);
  if (headersTimeoutMs > requestTimeoutMs)
    errors.push(
      'BELLWETHER_HEADERS_TIMEOUT_SECONDS must not exceed BELLWETHER_REQUEST_TIMEOUT_SECONDS (the request timeout covers the headers too)',
    );
  const maxConnectionsPerAddress = intSetting(
    errors,
    'BELLWETHER_MAX_CONNECTIONS_PER_ADDRESS',
    get('BELLWETHER_MAX_CONNECTIONS_PER_ADDRESS') ?? String(d.maxConnectionsPerAddress),
    0,
    1_000_000,
  );
  const authFailuresPerMinute = intSetting(
    errors,
    'BELLWETHER_AUTH_FAILURES_PER_MINUTE',
    get('BELLWETHER_AUTH_FAILURES_PER_MINUTE') ?? String(d.authFailuresPerMinute),
    0,
    1_000_000,
  );
  const trustProxy = (get('BELLWETHER_TRUST_PROXY') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const bad = trustProxy.filter((p) => !isProxyRange(p));
  if (bad.length > 0)
    errors.push(
      `BELLWETHER_TRUST_PROXY must list proxy addresses or CIDR ranges (10.0.0.0/8), or loopback, linklocal, uniquelocal; not ${bad.join(', ')}`,
    );
  const metricsToken = get('BELLWETHER_METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken)))
    errors.push('BELLWETHER_METRICS_TOKEN must be at least 16 printable characters without spaces');
  const rawDataRaw = (get('BELLWETHER_RAW_DATA_ROUTES') ?? 'on').toLowerCase();
  if (rawDataRaw !== 'on' && rawDataRaw !== 'off')
    errors.push(
      'BELLWETHER_RAW_DATA_ROUTES must be on or off (off: /bars, /corporate-actions and /news answer 403)',
    );
  const minReadBytesPerSecond = intSetting(
    errors,
    'BELLWETHER_MIN_READ_BYTES_PER_SECOND',
    get('BELLWETHER_MIN_READ_BYTES_PER_SECOND') ?? String(d.minReadBytesPerSecond),
    0,
    1_000_000_000,
  );
  const readWindowMs = seconds('BELLWETHER_READ_WINDOW_SECONDS', d.readWindowMs, 600);
  const shutdownGraceMs =
    intSetting(
      errors,
      'BELLWETHER_SHUTDOWN_GRACE_SECONDS',
      get('BELLWETHER_SHUTDOWN_GRACE_SECONDS') ?? String(d.shutdownGraceMs / 1000),
      0,
      600,
    ) * 1000;
  const drainMs =
    intSetting(
      errors,
      'BELLWETHER_DRAIN_SECONDS',
      get('BELLWETHER_DRAIN_SECONDS') ?? String(d.drainMs / 1000),
      1,
      3600,
    ) * 1000;
  const workerPort = parsePort(get('BELLWETHER_WORKER_PORT') ?? String(d.workerPort));
  if (workerPort === undefined) errors.push('BELLWETHER_WORKER_PORT must be an integer between 0 and 65535');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnectionsPerAddress,
    authFailuresPerMinute,
    trustProxy,
    metricsToken,
    rawDataRoutes: rawDataRaw !== 'off',
    minReadBytesPerSecond,
    readWindowMs,
    shutdownGraceMs,
    drainMs,
    workerPort: workerPort ?? d.workerPort,
  };
}

function isProxyRange(p: string): boolean {
  if (PROXY_RANGE_NAMES.includes(p)) return true;
  const [address = '', bits, extra] = p.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parsePort(raw: string): number | undefined {
  if (!/^\d{1,5}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 65535 ? n : undefined;
}

/** Parses an ISO-8601 instant with an explicit zone (`Z` or ±hh:mm). */
export function parseInstant(raw: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) return undefined;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
