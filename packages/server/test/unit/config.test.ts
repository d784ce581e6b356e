import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.js';

describe('configuration', () => {
  it('defaults to embedded mode on 127.0.0.1:8080 with the data dir ./.bellwether', () => {
    const r = parseConfig({}, '/srv');
    expect(r).toMatchObject({
      ok: true,
      config: {
        mode: 'embedded',
        host: '127.0.0.1',
        port: 8080,
        dataDir: '/srv/.bellwether',
        storage: { kind: 'sqlite', file: '/srv/.bellwether/bellwether.db' },
        logLevel: 'info',
        redisPrefix: 'bw:',
      },
    });
  });

  it('card publication: 10 per session from every ticker by default; count and universe validated', () => {
    expect(parseConfig({}, '/')).toMatchObject({
      ok: true,
      config: { cards: { perSession: 10, universe: undefined } },
    });
    expect(
      parseConfig(
        { BELLWETHER_CARDS_PER_SESSION: '25', BELLWETHER_CARDS_UNIVERSE: 'aapl, MSFT ,brk.b' },
        '/',
      ),
    ).toMatchObject({ ok: true, config: { cards: { perSession: 25, universe: ['AAPL', 'MSFT', 'BRK.B'] } } });
    expect(
      parseConfig({ BELLWETHER_CARDS_PER_SESSION: '0', BELLWETHER_CARDS_UNIVERSE: 'AAPL;MSFT' }, '/'),
    ).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/CARDS_PER_SESSION must be an integer from 1 to 200/),
        expect.stringMatching(/CARDS_UNIVERSE/),
      ],
    });
  });

  it('card publication lead (minutes before the open) and ranking are settings, validated', () => {
    expect(
      parseConfig({ BELLWETHER_CARDS_LEAD_MINUTES: '90', BELLWETHER_CARDS_RANKING: 'conviction' }, '/'),
    ).toMatchObject({
      ok: true,
      config: { cards: { leadMinutes: 90, ranking: 'conviction' } },
    });
    expect(
      parseConfig({ BELLWETHER_CARDS_LEAD_MINUTES: '-5', BELLWETHER_CARDS_RANKING: 'vibes' }, '/'),
    ).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/CARDS_LEAD_MINUTES/),
        expect.stringMatching(/CARDS_RANKING must be edge or conviction/),
      ],
    });
  });

  it('card costs, the expected-R floor and the market filter are settings, with defaults, validated', () => {
    expect(parseConfig({}, '/')).toMatchObject({
      ok: true,
      config: { cards: { costBps: 5, minExpectedR: 0, marketFilter: true } },
    });
    expect(
      parseConfig(
        {
          BELLWETHER_CARDS_COST_BPS: '7.5',
          BELLWETHER_CARDS_MIN_EXPECTED_R: '-0.05',
          BELLWETHER_CARDS_MARKET_FILTER: 'off',
        },
        '/',
      ),
    ).toMatchObject({
      ok: true,
      config: { cards: { costBps: 7.5, minExpectedR: -0.05, marketFilter: false } },
    });
    expect(
      parseConfig(
        {
          BELLWETHER_CARDS_COST_BPS: '-1',
          BELLWETHER_CARDS_MIN_EXPECTED_R: 'Infinity',
          BELLWETHER_CARDS_MARKET_FILTER: 'yes',
        },
        '/',
      ),
    ).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/CARDS_COST_BPS must be a number of basis points/),
        expect.stringMatching(/CARDS_MARKET_FILTER must be on or off/),
        expect.stringMatching(/CARDS_MIN_EXPECTED_R must be an R multiple/),
      ],
    });
  });

  it("the market's benchmark is a setting: unset by default, one ticker upper-cased, validated (ADR 0081)", () => {
    expect(parseConfig({}, '/')).toMatchObject({ ok: true, config: { marketTicker: undefined } });
    expect(parseConfig({ BELLWETHER_MARKET_TICKER: ' qqq ' }, '/')).toMatchObject({
      ok: true,
      config: { marketTicker: 'QQQ' },
    });
    expect(parseConfig({ BELLWETHER_MARKET_TICKER: 'SPY,QQQ' }, '/')).toEqual({
      ok: false,
      errors: [expect.stringMatching(/BELLWETHER_MARKET_TICKER must be one ticker/)],
    });
  });

  it('chooses distributed mode from DATABASE_URL and requires REDIS_URL and a shared secret', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://x@h/db' }, '/')).toEqual({
      ok: false,
      errors: [expect.stringMatching(/REDIS_URL/), expect.stringMatching(/BELLWETHER_SECRET/)],
    });
    const ok = parseConfig(
      { DATABASE_URL: 'postgres://x@h/db', REDIS_URL: 'redis://h:6379', BELLWETHER_SECRET: 'k'.repeat(32) },
      '/',
    );
    expect(ok).toMatchObject({
      ok: true,
      config: { mode: 'distributed', storage: { kind: 'postgres', url: 'postgres://x@h/db' } },
    });
  });

  it('takes the mode from BELLWETHER_MODE when set, and refuses settings that contradict it', () => {
    const pg = {
      DATABASE_URL: 'postgres://x@h/db',
      REDIS_URL: 'redis://h:6379',
      BELLWETHER_SECRET: 'k'.repeat(32),
    };
    expect(parseConfig({ BELLWETHER_MODE: 'embedded' }, '/')).toMatchObject({
      ok: true,
      config: { mode: 'embedded' },
    });
    expect(parseConfig({ ...pg, BELLWETHER_MODE: 'Distributed' }, '/')).toMatchObject({
      ok: true,
      config: { mode: 'distributed' },
    });
    const noDb = parseConfig({ BELLWETHER_MODE: 'distributed' }, '/');
    expect(noDb.ok).toBe(false);
    if (!noDb.ok)
      expect(noDb.errors).toEqual([expect.stringMatching(/BELLWETHER_MODE=distributed needs DATABASE_URL/)]);
    const withDb = parseConfig({ ...pg, BELLWETHER_MODE: 'embedded' }, '/');
    expect(withDb.ok).toBe(false);
    if (!withDb.ok)
      expect(withDb.errors.join('\n')).toMatch(/BELLWETHER_MODE=embedded keeps its state in SQLite/);
    const bad = parseConfig({ BELLWETHER_MODE: 'cluster' }, '/');
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors).toEqual([expect.stringMatching(/BELLWETHER_MODE must be embedded or distributed/)]);
  });

  it('rejects inconsistent or invalid settings with readable errors', () => {
    const r = parseConfig(
      {
        PORT: '99999',
        LOG_LEVEL: 'chatty',
        REDIS_URL: 'redis://h',
        DATABASE_URL: 'mysql://x',
        BELLWETHER_AS_OF: 'yesterday',
        BELLWETHER_SECRET: 'short',
      },
      '/',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n')).toMatch(/PORT/);
    expect(r.errors.join('\n')).toMatch(/LOG_LEVEL/);
    expect(r.errors.join('\n')).toMatch(/DATABASE_URL/);
    expect(r.errors.join('\n')).toMatch(/BELLWETHER_AS_OF/);
    expect(r.errors.join('\n')).toMatch(/at least 32/);
  });

  it('parses BELLWETHER_AS_OF only with an explicit zone', () => {
    expect(parseConfig({ BELLWETHER_AS_OF: '2015-06-01T15:00:00Z' }, '/')).toMatchObject({
      ok: true,
      config: { asOf: new Date('2015-06-01T15:00:00Z') },
    });
    expect(parseConfig({ BELLWETHER_AS_OF: '2015-06-01T15:00:00' }, '/').ok).toBe(false);
  });

  it('reads the analysis settings, with defaults, and refuses values out of range', () => {
    expect(parseConfig({}, '/')).toMatchObject({
      ok: true,
      config: { analysis: { threads: undefined, queueLimit: 100, leaseSeconds: 30, retentionDays: 30 } },
    });
    expect(
      parseConfig(
        {
          BELLWETHER_ANALYSIS_THREADS: '0',
          BELLWETHER_ANALYSIS_QUEUE_LIMIT: '5',
          BELLWETHER_ANALYSIS_LEASE_SECONDS: '10',
          BELLWETHER_ANALYSIS_RETENTION_DAYS: '7',
        },
        '/',
      ),
    ).toMatchObject({
      ok: true,
      config: { analysis: { threads: 0, queueLimit: 5, leaseSeconds: 10, retentionDays: 7 } },
    });
    const r = parseConfig(
      {
        BELLWETHER_ANALYSIS_THREADS: 'many',
        BELLWETHER_ANALYSIS_QUEUE_LIMIT: '0',
        BELLWETHER_ANALYSIS_LEASE_SECONDS: '1.5',
        BELLWETHER_ANALYSIS_RETENTION_DAYS: '-1',
      },
      '/',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'BELLWETHER_ANALYSIS_THREADS must be an integer from 0 to 64',
      'BELLWETHER_ANALYSIS_QUEUE_LIMIT must be an integer from 1 to 100000',
      'BELLWETHER_ANALYSIS_LEASE_SECONDS must be an integer from 1 to 3600',
      'BELLWETHER_ANALYSIS_RETENTION_DAYS must be an integer from 1 to 3650',
    ]);
  });
  it('read floor of large answers: 16 KB/s over 10 s by default, 0 turns it off, bad values refused', () => {
    expect(parseConfig({}, '/')).toMatchObject({
      ok: true,
      config: { http: { minReadBytesPerSecond: 16_384, readWindowMs: 10_000 } },
    });
    expect(
      parseConfig({ BELLWETHER_MIN_READ_BYTES_PER_SECOND: '0', BELLWETHER_READ_WINDOW_SECONDS: '30' }, '/'),
    ).toMatchObject({ ok: true, config: { http: { minReadBytesPerSecond: 0, readWindowMs: 30_000 } } });
    const bad = parseConfig(
      { BELLWETHER_MIN_READ_BYTES_PER_SECOND: '-1', BELLWETHER_READ_WINDOW_SECONDS: '0' },
      '/',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.some((e) => e.startsWith('BELLWETHER_MIN_READ_BYTES_PER_SECOND'))).toBe(true);
      expect(bad.errors.some((e) => e.startsWith('BELLWETHER_READ_WINDOW_SECONDS'))).toBe(true);
    }
  });
  it('HTTP limits: defaults, seconds to ms, 0 turns a cap off, proxies and the metrics token validated', () => {
    expect(parseConfig({}, '/')).toMatchObject({
      ok: true,
      config: {
        http: {
          headersTimeoutMs: 10_000,
          requestTimeoutMs: 30_000,
          maxConnectionsPerAddress: 128,
          authFailuresPerMinute: 60,
          trustProxy: [],
          metricsToken: undefined,
        },
      },
    });
    expect(
      parseConfig(
        {
          BELLWETHER_HEADERS_TIMEOUT_SECONDS: '5',
          BELLWETHER_REQUEST_TIMEOUT_SECONDS: '20',
          BELLWETHER_MAX_CONNECTIONS_PER_ADDRESS: '0',
          BELLWETHER_AUTH_FAILURES_PER_MINUTE: '0',
          BELLWETHER_TRUST_PROXY: 'loopback, 10.0.0.0/8 ,2001:db8::1',
          BELLWETHER_METRICS_TOKEN: 'a-long-enough-token',
        },
        '/',
      ),
    ).toMatchObject({
      ok: true,
      config: {
        http: {
          headersTimeoutMs: 5000,
          requestTimeoutMs: 20_000,
          maxConnectionsPerAddress: 0,
          authFailuresPerMinute: 0,
          trustProxy: ['loopback', '10.0.0.0/8', '2001:db8::1'],
          metricsToken: 'a-long-enough-token',
        },
      },
    });
    expect(
      parseConfig(
        {
          BELLWETHER_HEADERS_TIMEOUT_SECONDS: '60',
          BELLWETHER_REQUEST_TIMEOUT_SECONDS: '30',
          BELLWETHER_MAX_CONNECTIONS_PER_ADDRESS: '-1',
          BELLWETHER_TRUST_PROXY: 'true,10.0.0.0/33',
          BELLWETHER_METRICS_TOKEN: 'short',
        },
        '/',
      ),
    ).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/HEADERS_TIMEOUT_SECONDS must not exceed BELLWETHER_REQUEST_TIMEOUT_SECONDS/),
        expect.stringMatching(/MAX_CONNECTIONS_PER_ADDRESS must be an integer from 0/),
        expect.stringMatching(/TRUST_PROXY .* not true, 10.0.0.0\/33/),
        expect.stringMatching(/METRICS_TOKEN must be at least 16/),
      ],
    });
  });

  it('market data: no provider by default; keys as secrets that never print; order, base URLs and budgets validated', () => {
    const none = parseConfig({}, '/');
    expect(none).toMatchObject({
      ok: true,
      config: { market: { bars: [], secEdgar: undefined, delayMinutes: 30 } },
    });
    const key = 'tiingo-KEY-do-not-print';
    const r = parseConfig(
      {
        BELLWETHER_TIINGO_TOKEN: key,
        BELLWETHER_POLYGON_KEY: 'pk',
        BELLWETHER_TIINGO_BASE_URL: 'http://127.0.0.1:9999',
        BELLWETHER_POLYGON_PER_DAY: '100',
      },
      '/',
    );
    if (!r.ok) throw new Error(r.errors.join('; '));
    const bars = r.config.market.bars;
    expect(bars.map((b) => [b.name, b.baseUrl, b.perMinute, b.perHour, b.perDay])).toEqual([
      ['tiingo', 'http://127.0.0.1:9999', 50, 50, 1000],
      ['polygon', undefined, 5, 300, 100],
    ]);
    expect(bars[0]?.key?.reveal()).toBe(key);
    // However the configuration is printed, logged or serialised, the key does not appear.
    for (const shown of [JSON.stringify(r.config), inspect(r.config, { depth: 10 }), `${bars[0]?.key}`])
      expect(shown).not.toContain(key);
    const ordered = parseConfig(
      {
        BELLWETHER_TIINGO_TOKEN: 't',
        BELLWETHER_POLYGON_KEY: 'p',
        BELLWETHER_BAR_PROVIDERS: 'polygon, STOOQ,tiingo',
      },
      '/',
    );
    expect(ordered.ok && ordered.config.market.bars.map((b) => b.name)).toEqual([
      'polygon',
      'stooq',
      'tiingo',
    ]);
    const bad = parseConfig(
      {
        BELLWETHER_BAR_PROVIDERS: 'tiingo,yahoo',
        BELLWETHER_STOOQ_BASE_URL: 'ftp://x',
        BELLWETHER_SEC_USER_AGENT: 'no contact',
        BELLWETHER_TIINGO_PER_MINUTE: '0',
      },
      '/',
    );
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors).toEqual([
      'BELLWETHER_BAR_PROVIDERS must list distinct providers among tiingo, polygon, alphavantage, stooq, finnhub; not tiingo,yahoo',
      'BELLWETHER_BAR_PROVIDERS lists tiingo, which needs BELLWETHER_TIINGO_TOKEN',
      'BELLWETHER_TIINGO_PER_MINUTE must be an integer from 1 to 10000000',
      'BELLWETHER_SEC_USER_AGENT must name you and give a contact e-mail, as the SEC requires',
    ]);
  });

  it('news providers: SEC EDGAR and Finnhub by default when configured; Polygon and Alpha Vantage on request, with their key', () => {
    const base = { BELLWETHER_SEC_USER_AGENT: 'Acme ops@acme.test', BELLWETHER_FINNHUB_KEY: 'f' };
    const d = parseConfig(base, '/');
    expect(d.ok && d.config.market.news).toEqual(['sec-edgar', 'finnhub']);
    const p = parseConfig(
      { ...base, BELLWETHER_POLYGON_KEY: 'p', BELLWETHER_NEWS_PROVIDERS: 'polygon, sec-edgar' },
      '/',
    );
    expect(p.ok && p.config.market.news).toEqual(['polygon', 'sec-edgar']);
    const bad = parseConfig({ BELLWETHER_NEWS_PROVIDERS: 'polygon,reddit' }, '/');
    expect(bad.ok ? [] : bad.errors).toEqual([
      'BELLWETHER_NEWS_PROVIDERS must list providers among sec-edgar, finnhub, tiingo, polygon, alphavantage; not reddit',
      'BELLWETHER_NEWS_PROVIDERS lists polygon, which needs polygon among the bar providers (its key)',
    ]);
  });

  it('demo, stop and worker-port settings: the demo is off with a provider or BELLWETHER_DEMO=off', () => {
    const d = parseConfig({}, '/');
    expect(
      d.ok && [d.config.demo, d.config.http.shutdownGraceMs, d.config.http.drainMs, d.config.http.workerPort],
    ).toEqual([true, 0, 30_000, 8081]);
    const off = parseConfig(
      {
        BELLWETHER_DEMO: 'OFF',
        BELLWETHER_SHUTDOWN_GRACE_SECONDS: '10',
        BELLWETHER_DRAIN_SECONDS: '5',
        BELLWETHER_WORKER_PORT: '0',
      },
      '/',
    );
    expect(
      off.ok && [
        off.config.demo,
        off.config.http.shutdownGraceMs,
        off.config.http.drainMs,
        off.config.http.workerPort,
      ],
    ).toEqual([false, 10_000, 5000, 0]);
    const live = parseConfig({ BELLWETHER_TIINGO_TOKEN: 't', BELLWETHER_DEMO: 'on' }, '/');
    expect(live.ok && live.config.demo).toBe(false);
    const bad = parseConfig(
      { BELLWETHER_DEMO: 'maybe', BELLWETHER_DRAIN_SECONDS: '0', BELLWETHER_WORKER_PORT: '70000' },
      '/',
    );
    expect(bad.ok ? [] : bad.errors).toEqual([
      'BELLWETHER_DRAIN_SECONDS must be an integer from 1 to 3600',
      'BELLWETHER_WORKER_PORT must be an integer between 0 and 65535',
      'BELLWETHER_DEMO must be on or off (off: no demo account and no synthetic market on a first start)',
    ]);
  });
});
