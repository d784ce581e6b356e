/**
 * Analytics endpoint budgets (issue #11), in-process on an embedded (SQLite) platform seeded with synthetic
 * bars. Server time is Fastify's elapsed time when the serialised body is handed to the socket (routing,
 * auth, limits, validation, store reads, compute, serialisation), taken in an onSend hook; requests go
 * through `app.inject`, whose own client-side cost is not counted:
 *
 * 1. one ticker, five indicators over 20 years: p50 ≤ 5 ms;
 * 2. a 100-ticker batch of three indicators over one year: p50 ≤ 300 ms;
 * 3. the institutional feed: 1,000,000 `signals` rows streamed as NDJSON over a real socket, with the
 *    process RSS sampled while it streams (flat memory: peak − baseline stays small and independent of rows).
 *
 *   node --conditions=development --import tsx bench/analytics-endpoints.ts [--tickers 100] [--years 20] [--feed-rows 1000000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createPlatform, DEFAULT_ANALYSIS_CONFIG, depsFromPlatform } from '@bellwether/server';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { appendFeed, type FeedEntry, type KyselyStorage } from '@bellwether/server/storage';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const TICKERS = arg('tickers', 100);
const YEARS = arg('years', 20);
const FEED_ROWS = arg('feed-rows', 1_000_000);
const NOW = new Date('2026-11-25T17:00:00Z');

const quantile = (xs: readonly number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

const dir = mkdtempSync(join(tmpdir(), 'bw-bench-endpoints-'));
try {
  const platform = await createPlatform(
    embeddedConfig(dir, NOW, { analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0 } }),
  );
  const t0 = performance.now();
  await seedSyntheticMarket(platform.market, {
    seed: 42,
    tickers: TICKERS,
    years: YEARS,
    now: NOW,
    newsSessions: 0,
  });
  console.log(
    `seeded ${TICKERS} tickers × ${YEARS} years in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const key = await benchKey(platform);
  const headers = { authorization: `Bearer ${key}` };
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  let lastElapsed = Number.NaN;
  app.addHook('onSend', (_request, reply, _payload, done) => {
    lastElapsed = reply.elapsedTime;
    done();
  });
  const tickers = (await platform.market.listInstruments())
    .filter((i) => i.asset_class === 'equity')
    .map((i) => i.ticker);

  const time = async (url: string, runs: number, warm = 3) => {
    for (let i = 0; i < warm; i++) await app.inject({ url, headers });
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const res = await app.inject({ url, headers });
      ms.push(lastElapsed);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    return ms;
  };
  // Computed on the whole 20-year history either way; served as the default window (the last 252 bars) and
  // as the whole 20 years (~45k numbers to format, which alone costs a few ms in JSON.stringify). "Cold":
  // each request names a ticker not asked before (the result cache misses); "warm": the same request again.
  const five = 'sma(50),ema(20),rsi(14),macd(12,26,9),bbands(20,2,2)';
  const cold = async (suffix: string) => {
    const ms: number[] = [];
    for (const t of tickers.slice(0, 50)) {
      const res = await app.inject({
        url: `/api/v1/analytics/technical?ticker=${t}&indicators=${five}${suffix}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
      ms.push(lastElapsed);
    }
    return ms;
  };
  const report = (label: string, ms: number[]) =>
    console.log(
      `${label}: p50 ${quantile(ms, 0.5).toFixed(2)} ms  p90 ${quantile(ms, 0.9).toFixed(2)} ms  budget 5 ms, ratio ${(quantile(ms, 0.5) / 5).toFixed(2)}`,
    );
  const full = '&from=2006-11-24&limit=10000';
  const bars = (
    await app.inject({
      url: `/api/v1/analytics/technical?ticker=${tickers[0]}&indicators=rsi(14)${full}`,
      headers,
    })
  ).json().results[0].count;
  // The market cache holds the bars (as it does on a running server); the result cache is what "cold" misses.
  for (const t of tickers.slice(0, 50))
    await platform.market.getDailySeries(t, { asOf: NOW, adjustment: 'split_div' });
  console.log(`one ticker, five indicators computed on ${bars} bars:`);
  report('  default window, cold', await cold(''));
  report('  all bars served, cold', await cold(full));
  report(
    '  default window, warm',
    await time(`/api/v1/analytics/technical?ticker=${tickers[0]}&indicators=${five}`, 50),
  );
  report(
    '  all bars served, warm',
    await time(`/api/v1/analytics/technical?ticker=${tickers[0]}&indicators=${five}${full}`, 50),
  );
  const batch = await time(
    `/api/v1/analytics/technical?tickers=${tickers.slice(0, 100).join(',')}&indicators=rsi(14),macd(12,26,9),bbands(20,2,2)&limit=252`,
    10,
    1,
  );
  console.log(
    `${Math.min(100, tickers.length)}-ticker batch, three indicators, one year: p50 ${quantile(batch, 0.5).toFixed(0)} ms  p90 ${quantile(batch, 0.9).toFixed(0)} ms  budget 300 ms, ratio ${(quantile(batch, 0.5) / 300).toFixed(2)}`,
  );

  // The feed: FEED_ROWS signals-sized versions, then one NDJSON pull over a socket.
  const storage = platform.storage as KyselyStorage;
  const payload = {
    session: '2026-11-24',
    ticker: 'AAPL',
    data_through: '2026-11-21',
    close: 192.41,
    trend: { close_vs_sma200: 0.081, ema20_vs_ema50: 0.012, adx14: 24.6, regime: 'up' },
    momentum: { rsi14: 61.2, return_21d: 0.031, return_63d: 0.084, return_252d: 0.22 },
    volatility: { atr14_pct: 0.018, realized_vol_20d: 0.24, bb_width: 0.07 },
    liquidity: { dollar_volume_20d: 9.1e9, volume_ratio: 1.1 },
    sentiment: { news_7d: 4, mean_score_7d: 0.21 },
  };
  const w0 = performance.now();
  for (let written = 0; written < FEED_ROWS; ) {
    const n = Math.min(20_000, FEED_ROWS - written);
    const entries: FeedEntry[] = Array.from({ length: n }, (_, i) => ({
      dataset: 'signals',
      record_key: `k${written + i}`,
      session: '2026-11-24',
      ticker: `T${(written + i) % 500}`,
      payload,
    }));
    await storage.db
      .transaction()
      .execute((trx) => appendFeed(trx, 'sqlite', entries, '2026-11-24T13:30:00Z'));
    written += n;
  }
  console.log(`wrote ${FEED_ROWS} feed rows in ${((performance.now() - w0) / 1000).toFixed(1)} s`);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  /** One NDJSON pull of `rows` rows over a socket, with the RSS sampled every 50 ms while it streams. */
  const pull = async (rows: number) => {
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const s0 = performance.now();
    const { lines, bytes } = await new Promise<{ lines: number; bytes: number }>((resolve, reject) => {
      http
        .get(
          `${address}/api/v1/hedge-fund?dataset=signals&limit=${rows}`,
          { headers: { ...headers, accept: 'application/x-ndjson' } },
          (res) => {
            let n = 0;
            let b = 0;
            res.on('data', (c: Buffer) => {
              b += c.length;
              for (let i = 0; i < c.length; i++) if (c[i] === 10) n++;
            });
            res.on('end', () => resolve({ lines: n, bytes: b }));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    clearInterval(sampler);
    const secs = (performance.now() - s0) / 1000;
    console.log(
      `feed NDJSON pull: ${lines} rows, ${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s (${(lines / secs / 1000).toFixed(0)}k rows/s); ` +
        `RSS ${(baseline / 1e6).toFixed(0)} MB before, peak +${((peak - baseline) / 1e6).toFixed(0)} MB while streaming`,
    );
  };
  await pull(Math.round(FEED_ROWS / 10));
  await pull(FEED_ROWS);
  await app.close();
  await platform.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
