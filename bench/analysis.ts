/**
 * Analysis budgets (issue #10), on an embedded (SQLite) platform seeded with 20 years of synthetic bars:
 *
 * 1. Compute per ticker: `buildReport` for Light, Medium and Full on inputs already loaded (medians over
 *    the universe's tickers; budgets Light ≤ 20 ms, Full ≤ 250 ms), and the load from the store beside it.
 * 2. `GET /api/v1/cards` p50/p99 from a keep-alive client, first idle, then while Full analyses of every
 *    ticker run back to back through the API (budget p99 ≤ 10 ms). The server runs in its own process
 *    with its worker-thread pool, as `bellwether serve` does; the load comes from this one.
 *
 *   node --conditions=development --import tsx bench/analysis.ts [--tickers 40] [--years 20] [--connections 4]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const TICKERS = arg('tickers', 40);
const YEARS = arg('years', 20);
const CONNECTIONS = arg('connections', 4);
const NOW = new Date('2026-11-25T17:00:00Z');
const BUDGET = { Light: 20, Medium: Number.NaN, Full: 250 } as const;

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

async function platformIn(dir: string) {
  const { createPlatform } = await import('@bellwether/server');
  return createPlatform(embeddedConfig(dir, NOW));
}

/** The server process: seeded platform, published cards, an enterprise key; prints address, key, tickers. */
async function serverMain(dir: string): Promise<void> {
  const { buildApp, depsFromPlatform } = await import('@bellwether/server');
  const { publicationDeps, publishSession } = await import('@bellwether/server/cards');
  const platform = await platformIn(dir);
  await publishSession(publicationDeps(platform), { session: '2026-11-25', backfill: true });
  const key = await benchKey(platform, { burst: 100_000 });
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const tickers = (await platform.market.listInstruments())
    .filter((i) => i.asset_class !== 'crypto')
    .map((i) => i.ticker);
  process.stdout.write(`${JSON.stringify({ address, key, tickers })}\n`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => platform.close())
      .then(() => process.exit(0));
  });
}

async function computeBudgets(dir: string): Promise<void> {
  const { buildReport, loadReportInput } = await import('@bellwether/server/analysis');
  const platform = await platformIn(dir);
  const tickers = (await platform.market.listInstruments())
    .filter((i) => i.asset_class !== 'crypto')
    .map((i) => i.ticker);
  const bars = (
    await platform.market.getDailySeries(tickers[0] as string, { asOf: NOW, adjustment: 'split_div' })
  )?.dates.length;
  console.log(`compute per ticker on ${bars} daily bars (${tickers.length} tickers; medians over them)`);
  for (const tier of ['Light', 'Medium', 'Full'] as const) {
    const load: number[] = [];
    const build: number[] = [];
    const warm = await loadReportInput(platform, tickers[0] as string, tier, NOW);
    buildReport(warm);
    buildReport(warm);
    for (const t of tickers) {
      const t0 = performance.now();
      const input = await loadReportInput(platform, t, tier, NOW);
      const t1 = performance.now();
      buildReport(input);
      build.push(performance.now() - t1);
      load.push(t1 - t0);
    }
    const budget = BUDGET[tier];
    console.log(
      `  ${tier.padEnd(6)} build median ${median(build).toFixed(1).padStart(6)} ms  p90 ${quantile(build, 0.9).toFixed(1).padStart(6)} ms` +
        `  (load from store ${median(load).toFixed(1)} ms)` +
        (Number.isFinite(budget)
          ? `  budget ${budget} ms, ratio ${(median(build) / budget).toFixed(2)}`
          : ''),
    );
  }
  await platform.close();
}

function request(
  agent: http.Agent,
  url: URL,
  key: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c: Buffer) => {
          data += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** /cards latencies from CONNECTIONS keep-alive loops until `until` resolves. */
async function cardsLoad(address: string, key: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL('/api/v1/cards', address);
  const latencies: number[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!done) {
        const t0 = performance.now();
        const r = await request(agent, url, key);
        if (r.status !== 200) throw new Error(`/cards ${r.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  return latencies;
}

async function fullBackToBack(address: string, key: string, tickers: readonly string[]): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const walls: number[] = [];
  for (const ticker of tickers) {
    const t0 = performance.now();
    const created = await request(
      agent,
      new URL('/api/v1/analysis', address),
      key,
      'POST',
      JSON.stringify({ ticker, tier: 'Full' }),
    );
    if (created.status !== 202 && created.status !== 200)
      throw new Error(`POST /analysis ${created.status}: ${created.body}`);
    const id = JSON.parse(created.body).job_id as string;
    for (;;) {
      const r = await request(agent, new URL(`/api/v1/analysis/${id}?wait=20`, address), key);
      const status = JSON.parse(r.body).status as string;
      if (status === 'succeeded') break;
      if (status === 'failed' || status === 'cancelled')
        throw new Error(`${ticker}: ${r.body.slice(0, 300)}`);
    }
    walls.push(performance.now() - t0);
  }
  agent.destroy();
  return walls;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-bench-analysis-'));
  try {
    const { seedSyntheticMarket } = await import('@bellwether/server/market');
    const seeding = performance.now();
    const platform = await platformIn(dir);
    await seedSyntheticMarket(platform.market, {
      seed: 42,
      tickers: TICKERS,
      years: YEARS,
      now: NOW,
      newsSessions: 60,
    });
    await platform.close();
    console.log(
      `seeded ${TICKERS} tickers × ${YEARS} years in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    await computeBudgets(dir);

    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), 'server', dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const info = await new Promise<{ address: string; key: string; tickers: string[] }>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0] as string));
      });
      child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    try {
      const idle = await cardsLoad(info.address, info.key, new Promise((r) => setTimeout(r, 5000)));
      const full = fullBackToBack(info.address, info.key, info.tickers);
      const busy = await cardsLoad(info.address, info.key, full);
      const walls = await full;
      const fmt = (xs: number[]) =>
        `${xs.length} requests  p50 ${quantile(xs, 0.5).toFixed(2)} ms  p99 ${quantile(xs, 0.99).toFixed(2)} ms`;
      console.log(`GET /api/v1/cards, ${CONNECTIONS} keep-alive connections`);
      console.log(`  idle                     ${fmt(idle)}`);
      console.log(
        `  during ${walls.length} Full analyses ${fmt(busy)}  budget p99 10 ms, ratio ${(quantile(busy, 0.99) / 10).toFixed(2)}`,
      );
      console.log(
        `  Full analysis end to end (POST → succeeded, long-poll): median ${median(walls).toFixed(0)} ms`,
      );
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'server') await serverMain(process.argv[3] as string);
else await main();
