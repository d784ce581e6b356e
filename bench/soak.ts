/**
 * Soak (issue #14): steady open-loop load on an embedded server for `--minutes` (default 30) at `--rate`
 * requests/s over a realistic mix — cards, session, account, one technical indicator, a risk query and
 * now and then a Light analysis — spread over many keys. Every minute it prints the requests sent, the
 * share answered without a 5xx, p50/p99 latency and the server's resident memory; at the end, the totals
 * against the goals: ≥ 99.9 % non-5xx, p99, and memory growth < 10 % from minute 5 to the end.
 * The server runs in its own process (as `bellwether serve` would); the load comes from this one and
 * targets 127.0.0.1 only; it stops by itself.
 *
 *   node --conditions=development --import tsx bench/soak.ts [--minutes 30] [--rate 300] [--keys 50]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const NOW = new Date('2026-11-25T17:00:00Z');

/** The server process: seeded demo market, published cards, `keys` enterprise keys; prints address, keys, tickers. */
async function serverMain(keyCount: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-soak-'));
  const { buildApp, createPlatform, depsFromPlatform } = await import('@bellwether/server');
  const { seedDemoMarketIfEmpty } = await import('@bellwether/server/market');
  const { publicationDeps, publishSession } = await import('@bellwether/server/cards');
  const { embeddedConfig } = await import('./embedded-config.js');
  const platform = await createPlatform(embeddedConfig(dir, NOW));
  await seedDemoMarketIfEmpty(platform.market, NOW);
  await publishSession(publicationDeps(platform), { session: '2026-11-25', backfill: true });
  const acct = await platform.accounts.create({
    name: 'Soak',
    email: 'soak@example.test',
    plan_id: 'enterprise',
  });
  if (!acct.ok) throw new Error(acct.reason);
  await platform.accounts.setOverrides(acct.account.id, {
    burst_limit: 1_000,
    quota_amount: 1_000_000_000,
    max_keys: keyCount,
  });
  const keys: string[] = [];
  for (let i = 0; i < keyCount; i++) {
    const k = await platform.keys.create(acct.account.id, `soak-${i}`);
    if (!k.ok) throw new Error(k.reason);
    keys.push(k.key);
  }
  const tickers = (await platform.market.listInstruments()).map((i) => i.ticker);
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ address, keys, tickers })}\n`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => platform.close())
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

function startServer(
  keys: number,
): Promise<{ child: ChildProcess; address: string; keys: string[]; tickers: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), 'server', String(keys)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (line !== undefined && out.includes('\n'))
        resolve({ child, ...(JSON.parse(line) as { address: string; keys: string[]; tickers: string[] }) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? Number.NaN : Number(m[1]) / 1024;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function main(): Promise<void> {
  const minutes = arg('minutes', 30);
  const rate = arg('rate', 300);
  const server = await startServer(arg('keys', 50));
  const pid = server.child.pid as number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const paths = (i: number): { method: 'GET' | 'POST'; path: string; body?: string } => {
    const ticker = server.tickers[i % server.tickers.length];
    const r = i % 100;
    if (r < 50) return { method: 'GET', path: '/api/v1/cards' };
    if (r < 60) return { method: 'GET', path: '/api/v1/session' };
    if (r < 70) return { method: 'GET', path: '/api/v1/account' };
    if (r < 85)
      return { method: 'GET', path: `/api/v1/analytics/technical?ticker=${ticker}&indicators=rsi,macd` };
    if (r < 99) return { method: 'GET', path: `/api/v1/analytics/risk?ticker=${ticker}` };
    return { method: 'POST', path: '/api/v1/analysis', body: JSON.stringify({ ticker, tier: 'Light' }) };
  };
  interface Minute {
    sent: number;
    done: number;
    fiveXx: number;
    other: number;
    latencies: number[];
    rss: number;
  }
  const perMinute: Minute[] = [];
  const minuteOf = (t: number) => Math.floor(t / 60_000);
  const start = performance.now();
  let n = 0;
  const send = () => {
    const i = n++;
    const m = minuteOf(performance.now() - start);
    perMinute[m] ??= { sent: 0, done: 0, fiveXx: 0, other: 0, latencies: [], rss: Number.NaN };
    const bucket = perMinute[m];
    bucket.sent++;
    const { method, path, body } = paths(i);
    const t0 = performance.now();
    const req = http.request(
      new URL(path, server.address),
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${server.keys[i % server.keys.length]}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          bucket.done++;
          bucket.latencies.push(performance.now() - t0);
          const s = res.statusCode ?? 0;
          if (s >= 500) bucket.fiveXx++;
          else if (s >= 400) bucket.other++;
        });
      },
    );
    req.on('error', () => {
      bucket.done++;
      bucket.fiveXx++;
    });
    req.end(body);
  };
  // Open loop: a fixed number of requests every 10 ms, whatever the server's speed.
  const perTick = rate / 100;
  let carry = 0;
  const ticker = setInterval(() => {
    carry += perTick;
    while (carry >= 1) {
      send();
      carry--;
    }
  }, 10);
  const sampler = setInterval(() => {
    const m = minuteOf(performance.now() - start);
    const bucket = perMinute[m];
    if (bucket !== undefined) bucket.rss = rssMb(pid);
  }, 10_000);
  let printed = 0;
  const printer = setInterval(() => {
    const m = minuteOf(performance.now() - start);
    while (printed < m) {
      const b = perMinute[printed];
      if (b !== undefined) {
        const lat = [...b.latencies].sort((a, c) => a - c);
        console.log(
          `minute ${String(printed + 1).padStart(2)}: sent ${b.sent}, non-5xx ${((100 * (b.done - b.fiveXx)) / Math.max(1, b.done)).toFixed(3)} %, 4xx ${b.other}, p50 ${quantile(lat, 0.5).toFixed(2)} ms, p99 ${quantile(lat, 0.99).toFixed(2)} ms, rss ${b.rss.toFixed(0)} MB`,
        );
      }
      printed++;
    }
  }, 1_000);
  await new Promise((r) => setTimeout(r, minutes * 60_000));
  clearInterval(ticker);
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2_000));
  clearInterval(printer);
  agent.destroy();
  server.child.kill('SIGTERM');

  const all = perMinute.filter((b) => b !== undefined);
  const done = all.reduce((a, b) => a + b.done, 0);
  const fiveXx = all.reduce((a, b) => a + b.fiveXx, 0);
  const lat = all.flatMap((b) => b.latencies).sort((a, c) => a - c);
  const from = all[Math.min(4, all.length - 1)]?.rss ?? Number.NaN;
  const to = all.at(-1)?.rss ?? Number.NaN;
  const growth = (100 * (to - from)) / from;
  console.log(
    `soak ${minutes} min at ${rate} req/s: ${done} answers, non-5xx ${((100 * (done - fiveXx)) / Math.max(1, done)).toFixed(3)} % (goal ≥ 99.9), ` +
      `p50 ${quantile(lat, 0.5).toFixed(2)} ms, p99 ${quantile(lat, 0.99).toFixed(2)} ms, ` +
      `rss minute ${Math.min(5, all.length)} → end ${from.toFixed(0)} → ${to.toFixed(0)} MB (${growth.toFixed(1)} %, goal < 10 %)`,
  );
}

if (process.argv[2] === 'server') await serverMain(Number(process.argv[3] ?? 50));
else await main();
