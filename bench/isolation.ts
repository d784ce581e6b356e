/**
 * Isolation (DESIGN §8, issue #23): while one key sends its heaviest legal requests at its burst limit,
 * another key's `GET /api/v1/cards` p99 stays ≤ 25 ms, and the server's RSS stays under a stated bound
 * (ADR 0061). Two runs on the same embedded data directory, each against a fresh server process:
 *
 * - baseline: only the second key, polling /cards every 50 ms;
 * - heavy: the same, while the first key sends 10 requests a second (its burst), in turn: a technical
 *   request at the value cap, a patterns batch at the bar cap, a 50-holding portfolio with every
 *   optimiser and a 100-point frontier, microstructure near the value cap, a whole-feed NDJSON stream,
 *   a 10,000-row feed JSON page and a Full analysis. Every answer is read in full.
 *
 * The heavy load comes from a process of its own at nice 19 (`--client-nice`): on a two-core machine a
 * load generator reading ~100 MB a run would otherwise take CPU from the server and the poller, which a
 * remote customer's client does not. Before each run every heavy request is sent once (`--cold` skips
 * this): a server that has run a while has its lazily imported modules, response serialisers and series
 * cache warm, and the target is about that steady state.
 *
 * Prints the poller's /cards p50/p99/max per run, the server's own event-loop delay (p50/p99/max), its
 * RSS peak (VmHWM) and what became of the heavy requests (statuses, median time). Server and clients on
 * 127.0.0.1 only; it stops by itself. `BENCH_CPU_PROF=<dir>` writes the server's CPU profiles and the
 * event-loop stalls over 30 ms (`stalls-<pid>.json`, on the profile's clock) there.
 *
 *   node --conditions=development --import tsx bench/isolation.ts [--seconds 20] [--tickers 60] [--years 20] [--feed-rows 100000]
 *     [--only technical,patterns,portfolio,microstructure,feed-ndjson,feed-page,full-analysis,screen]  (heavy run only)
 *     [--only slow-reader|slow-webhook]  (issue #42: instead of the heavy requests, see below)
 *     [--neighbours none,screen,slow-reader,slow-webhook]  (one run beside each, one prepared directory)
 *     [--client-nice 19] [--cold]
 *
 * Issue #42's two neighbours that wait on a client rather than compute (each alone, with `--only`):
 * - slow-reader: the first key keeps 8 whole-feed NDJSON streams open (a new one each tick while fewer
 *   are open; `Connection: close`, so a refused one closes and is tried again) and reads 2 KB from each
 *   every 10 s; the server holds its large-answer share and cuts a
 *   reader below the read floor. Printed: statuses, how long each stream lasted.
 * - slow-webhook: the first key's account registers 10 endpoints at a receiver that accepts connections
 *   and never answers (in the load generator's process) and sends test events at its burst; the server
 *   (which delivers on its own thread, private http receivers allowed for this run) holds the account's
 *   share of delivery slots until each attempt times out. Printed: statuses of the test-event calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp, createPlatform, DEFAULT_EVENTS_CONFIG, depsFromPlatform } from '@bellwether/server';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { appendFeed, type FeedEntry, type KyselyStorage } from '@bellwether/server/storage';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const NOW = new Date('2026-11-25T17:00:00Z');
const SECONDS = arg('seconds', 20);
const TICKERS = arg('tickers', 60);
const YEARS = arg('years', 20);
const FEED_ROWS = arg('feed-rows', 100_000);
/** DESIGN §8. */
const CARDS_P99_TARGET_MS = 25;
/** The bound ADR 0061 states for this load on the reference machine (server run from source by tsx). */
const RSS_BOUND_MB = 1024;
const ONLY = (() => {
  const i = args.indexOf('--only');
  return i === -1 ? undefined : new Set((args[i + 1] ?? '').split(','));
})();
const NEIGHBOURS = (() => {
  const i = args.indexOf('--neighbours');
  return i === -1 ? undefined : (args[i + 1] ?? '').split(',');
})();
const POLL_EVERY_MS = 50;
/** Ten indicator computations, obv, kama and supertrend over the whole history. */
const SCREEN =
  'rsi(14) < 70 and sma(50) > 0 and macd(12,26,9).hist > -1e9 and adx(14) > 0 and atr(14) > 0 and cci(20) > -1e9 and mfi(14) > 0 and obv > -1e18 and kama(10) > 0 and supertrend(10,3) > 0';
const HEAVY_PER_SECOND = 10;
/** Niceness of the heavy load generator's process (see heavyMain); `--client-nice 0` to compare. */
const CLIENT_NICE = arg('client-nice', 19);
/** `--cold`: measure from a server that has just started (no warm-up requests). */
const WARM = !args.includes('--cold');
/** 20 indicators, 39 output columns. */
const INDICATORS =
  'supertrend,ichimoku,heikinashi,accbands,macd,macdext,macdfix,bbands,rsi,sma,ema,atr,adx,obv,mfi,cci,willr,roc,mom,wma';
const OPTIMISERS = 'min_variance,max_sharpe,min_cvar,equal_risk,hrp,inverse_volatility,equal_weight';

interface Setup {
  readonly dir: string;
  readonly secret: string;
  readonly heavyKey: string;
  readonly pollKey: string;
  readonly tickers: readonly string[];
}

/** Server role: open the prepared data directory, listen on 127.0.0.1, print the address. */
async function serverMain(dir: string, secret: string): Promise<void> {
  // Webhook receivers on 127.0.0.1 over http (the slow-webhook neighbour's): allowed for this server only.
  const events = { ...DEFAULT_EVENTS_CONFIG, allowPrivate: true, allowHttp: true };
  const platform = await createPlatform(embeddedConfig(dir, NOW, { secret, events }));
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  if (process.env.BENCH_CPU_PROF) {
    // Stalls of the event loop (µs on the profile's clock), to find in the CPU profile.
    let last = process.hrtime.bigint();
    const stalls: [number, number][] = [];
    setInterval(() => {
      const now = process.hrtime.bigint();
      if (now - last > 30_000_000n) stalls.push([Number(last / 1000n), Number(now / 1000n)]);
      last = now;
    }, 2).unref();
    process.on('SIGTERM', () =>
      writeFileSync(`${process.env.BENCH_CPU_PROF}/stalls-${process.pid}.json`, JSON.stringify(stalls)),
    );
  }
  process.stdout.write(`${JSON.stringify({ address })}\n`);
  process.on('SIGTERM', () => {
    delay.disable();
    const ms = (ns: number) => ns / 1e6;
    process.stdout.write(
      `${JSON.stringify({ loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) } })}\n`,
    );
    void app
      .close()
      .then(() => platform.close())
      .finally(() => process.exit(0));
  });
}

async function prepare(): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-bench-isolation-'));
  const secret = randomBytes(32).toString('hex');
  const platform = await createPlatform(embeddedConfig(dir, NOW, { secret }));
  const t0 = performance.now();
  await seedSyntheticMarket(platform.market, { seed: 7, tickers: TICKERS, years: YEARS, now: NOW });
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
  const key = async (name: string, burst: number) => {
    const acct = await platform.accounts.create({
      name,
      email: `${name}@example.test`,
      plan_id: 'enterprise',
    });
    if (!acct.ok) throw new Error(acct.reason);
    await platform.accounts.setOverrides(acct.account.id, {
      burst_limit: burst,
      quota_amount: 1_000_000_000,
    });
    const k = await platform.keys.create(acct.account.id, name);
    if (!k.ok) throw new Error(k.reason);
    return k.key;
  };
  // The heavy key keeps the standard burst (10/s); the poller gets room for its 20/s.
  const heavyKey = await key('heavy', HEAVY_PER_SECOND);
  const pollKey = await key('poller', 100);
  const tickers = (await platform.market.listInstruments())
    .filter((i) => i.asset_class === 'equity')
    .map((i) => i.ticker);
  await platform.close();
  console.log(
    `prepared ${TICKERS} tickers × ${YEARS} years and ${FEED_ROWS.toLocaleString('en-US')} feed rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return { dir, secret, heavyKey, pollKey, tickers };
}

function startServer(s: Setup): Promise<{ child: ChildProcess; address: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        '--conditions=development',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        'server',
        s.dir,
        s.secret,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n'))
        resolve({
          child,
          output: () => out,
          ...(JSON.parse(out.split('\n')[0] as string) as { address: string }),
        });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** VmRSS and VmHWM (peak) of a process, in MB (Linux /proc). */
function memory(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** One request read in full: status, bytes and milliseconds. */
function send(
  agent: http.Agent,
  address: string,
  key: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; bytes: number; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      new URL(path, address),
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0 }));
        res.on('error', () => resolve({ status: -1, bytes, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: -1, bytes: 0, ms: performance.now() - t0 }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const quantile = (xs: readonly number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

/** The heavy key's requests, in turn: each at its route's cap (or the route's largest legal request). */
function heavyRequests(t: readonly string[]): { kind: string; path: string; body?: unknown }[] {
  const list = (n: number) => t.slice(0, n).join(',');
  return [
    // 20 tickers × 39 columns × 1,282 bars = 999,960 values.
    {
      kind: 'technical',
      path: `/api/v1/analytics/technical?tickers=${list(20)}&indicators=${INDICATORS}&limit=1282`,
    },
    // 10 tickers × 2,500 bars = the 25,000-bar cap, every candlestick pattern.
    { kind: 'patterns', path: `/api/v1/analytics/patterns?tickers=${list(10)}&limit=2500` },
    {
      kind: 'portfolio',
      path: `/api/v1/analytics/portfolio?holdings=${t
        .slice(0, 50)
        .map((x) => `${x}:0.02`)
        .join(',')}&optimize=${OPTIMISERS}&frontier=100&limit=10000`,
    },
    // 20 tickers × 8 estimators × ~5,000 bars ≈ 800,000 values.
    { kind: 'microstructure', path: `/api/v1/analytics/microstructure?tickers=${list(20)}&limit=10000` },
    { kind: 'feed-ndjson', path: '/api/v1/hedge-fund?dataset=signals&format=ndjson' },
    { kind: 'feed-page', path: '/api/v1/hedge-fund?dataset=signals&limit=10000' },
    { kind: 'full-analysis', path: '/api/v1/analysis', body: { ticker: t[0], tier: 'Full' } },
    // The whole universe × 10 indicators, three of them whole-history (issue #42's screening key).
    { kind: 'screen', path: `/api/v1/screener?where=${encodeURIComponent(SCREEN)}` },
  ];
}

type HeavyResults = Map<string, { status: number; bytes: number; ms: number }[]>;

/**
 * Heavy role: the first key's requests at its burst for `seconds`, every answer read in full; prints
 * the results as one JSON line. A process of its own, at CLIENT_NICE: on a two-core machine the load
 * generator's own CPU (reading ~100 MB a run) would otherwise compete with the server and the poller,
 * which a remote customer's client does not.
 */
async function heavyMain(address: string, key: string, tickers: string, seconds: number): Promise<void> {
  if (CLIENT_NICE !== 0) setPriority(process.pid, CLIENT_NICE);
  if (ONLY?.has('slow-reader')) return slowReaderMain(address, key, seconds);
  if (ONLY?.has('slow-webhook')) return slowWebhookMain(address, key, seconds);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const requests = heavyRequests(tickers.split(',')).filter((r) => ONLY === undefined || ONLY.has(r.kind));
  const results: HeavyResults = new Map();
  const inFlight: Promise<unknown>[] = [];
  let next = 0;
  const timer = setInterval(() => {
    // `--only none`: the poller alone, beside an idle load generator (a baseline for one kind).
    if (requests.length === 0) return;
    const r = requests[next++ % requests.length] as (typeof requests)[number];
    inFlight.push(
      send(agent, address, key, r.path, r.body).then((res) => {
        results.set(r.kind, [...(results.get(r.kind) ?? []), res]);
      }),
    );
  }, 1000 / HEAVY_PER_SECOND);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  await Promise.all(inFlight);
  agent.destroy();
  process.stdout.write(`${JSON.stringify([...results])}\n`);
}

/** Streams the slow reader keeps open, and what it reads from each every READ_EVERY_MS. */
const SLOW_STREAMS = 8;
const SLOW_READ_BYTES = 2048;
const READ_EVERY_MS = 10_000;

/**
 * The slow-reader neighbour: whole-feed NDJSON streams on raw sockets, paused, 2 KB read from each every
 * 10 s, a new one opened each tick while fewer than SLOW_STREAMS are open. Results: one per stream, its
 * status and how long the server kept it (ms) — `bytes` is what was read.
 */
async function slowReaderMain(address: string, key: string, seconds: number): Promise<void> {
  const { hostname, port } = new URL(address);
  const results: HeavyResults = new Map();
  const record = (r: { status: number; bytes: number; ms: number }) =>
    results.set('slow-reader', [...(results.get('slow-reader') ?? []), r]);
  const open = new Set<net.Socket>();
  const openOne = () => {
    const t0 = performance.now();
    const socket = net.connect({ host: hostname, port: Number(port) });
    open.add(socket);
    let status = 0;
    let bytes = 0;
    let head = '';
    socket.on('connect', () => {
      socket.write(
        `GET /api/v1/hedge-fund?dataset=signals&format=ndjson HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
      );
      socket.pause();
    });
    const take = () => {
      const chunk = socket.read(SLOW_READ_BYTES) ?? socket.read();
      if (chunk === null) return;
      bytes += chunk.length;
      if (status === 0) {
        head += chunk.toString('latin1');
        status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      }
    };
    // The status line, as soon as it comes; then 2 KB every 10 s.
    socket.once('readable', take);
    const reader = setInterval(take, READ_EVERY_MS);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(reader);
      open.delete(socket);
      record({ status, bytes, ms: performance.now() - t0 });
    });
  };
  const timer = setInterval(() => {
    if (open.size < SLOW_STREAMS) openOne();
  }, 1000 / HEAVY_PER_SECOND);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  for (const s of open) s.destroy();
  await new Promise((r) => setTimeout(r, 50));
  process.stdout.write(`${JSON.stringify([...results])}\n`);
}

/** Endpoints the slow-webhook account registers (its plan allows 20). */
const SLOW_ENDPOINTS = 10;

/**
 * The slow-webhook neighbour: a receiver that accepts connections and never answers, SLOW_ENDPOINTS
 * endpoints at it, and test events sent to them in turn at the key's burst for `seconds`.
 */
async function slowWebhookMain(address: string, key: string, seconds: number): Promise<void> {
  const held: net.Socket[] = [];
  const receiver = net.createServer((socket) => {
    held.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const { port } = receiver.address() as net.AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const endpoints: string[] = [];
  for (let i = 0; i < SLOW_ENDPOINTS; i++) {
    const made = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        new URL('/api/v1/webhooks', address),
        {
          agent,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () =>
            res.statusCode === 201
              ? resolve((JSON.parse(body) as { endpoint: { id: string } }).endpoint.id)
              : reject(new Error(`webhook not created (${res.statusCode}): ${body.slice(0, 300)}`)),
          );
        },
      );
      req.end(JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}` }));
    });
    endpoints.push(made);
    // The key's burst is 10 a second: creating them must not eat into the run.
    await new Promise((r) => setTimeout(r, 1000 / HEAVY_PER_SECOND));
  }
  const results: HeavyResults = new Map();
  const inFlight: Promise<unknown>[] = [];
  let next = 0;
  const timer = setInterval(() => {
    const id = endpoints[next++ % endpoints.length] as string;
    inFlight.push(
      send(agent, address, key, `/api/v1/webhooks/${id}/test`, {}).then((res) => {
        results.set('slow-webhook', [...(results.get('slow-webhook') ?? []), res]);
      }),
    );
  }, 1000 / HEAVY_PER_SECOND);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  await Promise.all(inFlight);
  agent.destroy();
  for (const s of held) s.destroy();
  receiver.close();
  process.stdout.write(`${JSON.stringify([...results])}\n`);
}

/** The parent's arguments for the load generator; with `neighbour`, `--only <neighbour>` in place of its own. */
function heavyArgs(neighbour: string | undefined): string[] {
  const own = process.argv.slice(2);
  if (neighbour === undefined) return own;
  const out: string[] = [];
  for (let i = 0; i < own.length; i++) {
    if (own[i] === '--only' || own[i] === '--neighbours') i++;
    else out.push(own[i] as string);
  }
  return [...out, '--only', neighbour];
}

function startHeavy(s: Setup, address: string, neighbour?: string): Promise<HeavyResults> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=development',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        'heavy',
        address,
        s.heavyKey,
        s.tickers.join(','),
        String(SECONDS),
        ...heavyArgs(neighbour),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(new Map(JSON.parse(out) as [string, { status: number; bytes: number; ms: number }[]][]))
        : reject(new Error(`heavy client exited ${code}`)),
    );
  });
}

async function run(s: Setup, heavy: boolean, neighbour?: string) {
  const { child, address, output } = await startServer(s);
  const pid = child.pid;
  const before = memory(pid);
  const pollAgent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  // Steady state, as a server that has run for a while: each heavy request once (loads the module graph
  // lazily imported on first use, compiles response serialisers, fills the series cache).
  if (WARM) {
    const warmAgent = new http.Agent({ keepAlive: false });
    for (const r of heavyRequests(s.tickers)) await send(warmAgent, address, s.heavyKey, r.path, r.body);
    warmAgent.destroy();
  }
  // Warm the poller's connection and the server's /cards path.
  for (let i = 0; i < 20; i++) await send(pollAgent, address, s.pollKey, '/api/v1/cards');
  const latencies: number[] = [];
  let pollErrors = 0;
  const inFlight: Promise<unknown>[] = [];
  const heavyDone = heavy ? startHeavy(s, address, neighbour) : Promise.resolve<HeavyResults>(new Map());
  const deadline = performance.now() + SECONDS * 1000;
  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memory(pid).rss);
  }, 100);
  const poller = setInterval(() => {
    inFlight.push(
      send(pollAgent, address, s.pollKey, '/api/v1/cards').then((r) => {
        if (r.status !== 200) pollErrors++;
        latencies.push(r.ms);
      }),
    );
  }, POLL_EVERY_MS);
  await new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())));
  clearInterval(poller);
  const heavyResults = await heavyDone;
  await Promise.all(inFlight);
  clearInterval(sampler);
  const after = memory(pid);
  pollAgent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const loop = output()
    .split('\n')
    .filter((l) => l.includes('loopDelay'))
    .map((l) => (JSON.parse(l) as { loopDelay: { p50: number; p99: number; max: number } }).loopDelay)[0];
  return {
    loop,
    label: neighbour !== undefined ? `beside ${neighbour}` : heavy ? 'with the heavy key' : 'baseline',
    polls: latencies.length,
    pollErrors,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    rssStart: before.rss,
    rssPeak: Math.max(after.peak, sampledPeak),
    heavyResults,
  };
}

async function main() {
  console.log(
    `isolation bench: ${SECONDS} s per run; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on this machine skews the figures)`,
  );
  const setup = await prepare();
  try {
    const results = [];
    // `--neighbours none,screen,slow-reader,slow-webhook`: one run beside each, on one prepared directory.
    const runs: [boolean, string | undefined][] =
      NEIGHBOURS !== undefined
        ? NEIGHBOURS.map((n) => [true, n])
        : ONLY === undefined
          ? [
              [false, undefined],
              [true, undefined],
            ]
          : [[true, undefined]];
    for (const [heavy, neighbour] of runs) {
      const r = await run(setup, heavy, neighbour);
      results.push(r);
      console.log(
        `${r.label}: /cards p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  (${r.polls} polls, ${r.pollErrors} not 200)  RSS ${r.rssStart.toFixed(0)} MB at start, peak ${r.rssPeak.toFixed(0)} MB`,
      );
      console.log(
        `  server event-loop delay: p50 ${r.loop?.p50.toFixed(1)} ms  p99 ${r.loop?.p99.toFixed(1)} ms  max ${r.loop?.max.toFixed(1)} ms`,
      );
      if (neighbour !== undefined)
        console.log(
          `  target /cards p99 ≤ ${CARDS_P99_TARGET_MS} ms beside ${neighbour}: ${r.p99 <= CARDS_P99_TARGET_MS ? 'met' : 'missed'}`,
        );
      for (const [kind, rs] of r.heavyResults) {
        const statuses = new Map<number, number>();
        for (const x of rs) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
        const ok = rs.filter((x) => x.status >= 200 && x.status < 300);
        console.log(
          `  ${kind.padEnd(15)} ${[...statuses].map(([st, n]) => `${n}× ${st}`).join(', ')}; 2xx median ${quantile(
            ok.map((x) => x.ms),
            0.5,
          ).toFixed(0)} ms, ${(
            quantile(
              ok.map((x) => x.bytes),
              0.5,
            ) / 1e6
          ).toFixed(1)} MB`,
        );
      }
    }
    const heavy = results[1];
    if (heavy !== undefined && NEIGHBOURS === undefined)
      console.log(
        `target /cards p99 ≤ ${CARDS_P99_TARGET_MS} ms: ${heavy.p99 <= CARDS_P99_TARGET_MS ? 'met' : 'missed'} (${heavy.p99.toFixed(1)} ms); RSS bound ${RSS_BOUND_MB} MB: ${heavy.rssPeak <= RSS_BOUND_MB ? 'kept' : 'exceeded'} (${heavy.rssPeak.toFixed(0)} MB)`,
      );
  } finally {
    rmSync(setup.dir, { recursive: true, force: true });
  }
}

if (args[0] === 'server') await serverMain(args[1] as string, args[2] as string);
else if (args[0] === 'heavy')
  await heavyMain(args[1] as string, args[2] as string, args[3] as string, Number(args[4]));
else await main();
