/**
 * Webhook fan-out (issue #27): N market-wide events fanned out to M endpoints of M / 20 customers
 * (default 10,000 × 100 = 1,000,000 deliveries), the time until every one has reached its receiver, deliveries per second, and what the API
 * node meanwhile gives another customer: `GET /api/v1/cards` p50/p99 (target p99 ≤ 10 ms) and the server's
 * event-loop delay. The reference is the same server with no webhooks to deliver: the same poller runs
 * against it first, and the ratios say what delivery costs the API.
 *
 * Three processes on 127.0.0.1: the server (embedded, as `serve` runs it: it delivers), the receiver (one
 * node:http server answering 200 at once on M paths, counting deliveries and their distinct webhook-ids per
 * path), and this one (poller and driver). Events are appended to the log in batches by this process, as
 * the CLI beside a server would; the server finds them by its poll of the log's head. Stops by itself.
 *
 *   node --conditions=development --import tsx bench/webhooks.ts [--events 10000] [--endpoints 100] [--seconds 10]
 *     [--receiver-nice 19]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp, createPlatform, DEFAULT_EVENTS_CONFIG, depsFromPlatform } from '@bellwether/server';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const NOW = new Date('2026-11-25T17:00:00Z');
const EVENTS = arg('events', 10_000);
const ENDPOINTS = arg('endpoints', 100);
/** How long the reference run polls /cards. */
const SECONDS = arg('seconds', 10);
const CARDS_P99_TARGET_MS = 10;
const RECEIVER_NICE = arg('receiver-nice', 19);
const POLL_EVERY_MS = 50;
const EVENTS_CONFIG = { ...DEFAULT_EVENTS_CONFIG, allowPrivate: true, allowHttp: true };

const ms = (ns: number) => ns / 1e6;

/** Server role: the prepared data directory, served as `serve` would, delivering webhooks. */
async function serverMain(dir: string, secret: string): Promise<void> {
  const platform = await createPlatform(embeddedConfig(dir, NOW, { secret, events: EVENTS_CONFIG }));
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  if (process.env.BENCH_CPU_PROF) {
    // Stalls of the event loop (µs on the profile's clock) over 30 ms, to find in the CPU profile.
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
  // SIGUSR2: report the event-loop delay since the last report, and start over.
  process.on('SIGUSR2', () => {
    delay.disable();
    process.stdout.write(
      `${JSON.stringify({ loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) } })}\n`,
    );
    delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => platform.close())
      .finally(() => process.exit(0));
  });
}

/** Receiver role: M paths, 200 at once, counts per path (and distinct ids) on GET /count. */
function receiverMain(): void {
  // The receiver stands in for customers' servers elsewhere: it must not take the server's CPU on a
  // two-core machine, as remote receivers would not (`--receiver-nice 0` to compare).
  setPriority(RECEIVER_NICE);
  const ids = new Map<string, Set<string>>();
  let total = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      let distinct = 0;
      for (const s of ids.values()) distinct += s.size;
      res.end(JSON.stringify({ total, distinct, paths: ids.size }));
      return;
    }
    req.resume();
    req.on('end', () => {
      total++;
      const path = req.url ?? '';
      const set = ids.get(path) ?? new Set<string>();
      ids.set(path, set);
      set.add(String(req.headers['webhook-id']));
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 1000;
  server.listen(0, '127.0.0.1', () => {
    const a = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ address: `http://127.0.0.1:${a.port}` })}\n`);
  });
  process.on('SIGTERM', () => process.exit(0));
}

function spawnRole(
  role: string,
  ...rest: string[]
): Promise<{ child: ChildProcess; address: string; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_CPU_PROF && role === 'server'
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
        '--conditions=development',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        role,
        ...rest,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines: string[] = [];
    let buf = '';
    let resolved = false;
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      lines.push(...parts);
      if (!resolved && lines.length > 0) {
        resolved = true;
        resolve({ child, lines, ...(JSON.parse(lines[0] as string) as { address: string }) });
      }
    });
    child.on('exit', (code) => {
      if (!resolved) reject(new Error(`${role} exited ${code}`));
    });
  });
}

function get(url: string, key?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: key === undefined ? {} : { authorization: `Bearer ${key}` }, agent: false },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

function post(url: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Polls /cards every 50 ms until `until()` is true; latencies in ms. */
async function poll(base: string, key: string, until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const t = performance.now();
    const r = await get(`${base}/api/v1/cards`, key);
    if (r.status !== 200) throw new Error(`/cards answered ${r.status}`);
    out.push(performance.now() - t);
    await new Promise((res) => setTimeout(res, POLL_EVERY_MS));
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function loopDelay(server: { child: ChildProcess; lines: string[] }) {
  const before = server.lines.length;
  server.child.kill('SIGUSR2');
  while (server.lines.length === before) await new Promise((r) => setTimeout(r, 10));
  return (
    JSON.parse(server.lines.at(-1) as string) as { loopDelay: { p50: number; p99: number; max: number } }
  ).loopDelay;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-bench-webhooks-'));
  const secret = randomBytes(32).toString('hex');
  const receiver = await spawnRole('receiver', '--receiver-nice', String(RECEIVER_NICE));
  try {
    // Customers with M endpoints in all (20 each, the default cap), and a poller's key.
    const platform = await createPlatform(embeddedConfig(dir, NOW, { secret, events: EVENTS_CONFIG }));
    await seedSyntheticMarket(platform.market, { seed: 7, tickers: 20, years: 2, now: NOW });
    const keys: string[] = [];
    for (let a = 0; a < Math.ceil(ENDPOINTS / EVENTS_CONFIG.maxEndpoints); a++) {
      const acct = await platform.accounts.create({
        name: `hooks ${a}`,
        email: `hooks${a}@example.test`,
        plan_id: 'enterprise',
      });
      if (!acct.ok) throw new Error(acct.reason);
      await platform.accounts.setOverrides(acct.account.id, {
        burst_limit: 100,
        quota_amount: 1_000_000_000,
      });
      const made = await platform.keys.create(acct.account.id, 'key');
      if (!made.ok) throw new Error(made.reason);
      keys.push(made.key);
    }
    const k = { key: keys[0] as string };
    await platform.close();

    const server = await spawnRole('server', dir, secret);
    try {
      // The endpoints, registered through the API as customers would, for a market-wide event type.
      for (let i = 0; i < ENDPOINTS; i++) {
        const made = await post(
          `${server.address}/api/v1/webhooks`,
          keys[Math.floor(i / EVENTS_CONFIG.maxEndpoints)] as string,
          {
            url: `${receiver.address}/e/${i}`,
            event_types: ['data.stale'],
          },
        );
        if (made.status !== 201) throw new Error(`POST /webhooks answered ${made.status}: ${made.body}`);
      }
      // Warm up, then the reference: the poller alone, nothing to deliver.
      for (let i = 0; i < 20; i++) await get(`${server.address}/api/v1/cards`, k.key);
      await loopDelay(server);
      const refEnd = Date.now() + SECONDS * 1000;
      const reference = await poll(server.address, k.key, () => Date.now() > refEnd);
      const refLoop = await loopDelay(server);

      // The load: N events appended in batches by another process (as the CLI would), M deliveries each.
      const writer = await createPlatform(embeddedConfig(dir, NOW, { secret, events: EVENTS_CONFIG }));
      const expected = EVENTS * ENDPOINTS;
      let delivered = 0;
      const t0 = performance.now();
      let appendedAt = 0;
      const appending = (async () => {
        for (let done = 0; done < EVENTS; ) {
          const n = Math.min(500, EVENTS - done);
          const batch = Array.from({ length: n }, (_, i) => ({
            type: 'data.stale',
            account_id: null,
            data: { ticker: `T${(done + i) % 500}`, expected_session: '2026-11-24', n: done + i },
          }));
          await writer.storage.events.append(batch);
          done += n;
        }
        appendedAt = performance.now() - t0;
      })();
      const counting = (async () => {
        while (delivered < expected) {
          await new Promise((r) => setTimeout(r, 250));
          delivered = (JSON.parse((await get(`${receiver.address}/count`)).body) as { total: number }).total;
        }
      })();
      const during = await poll(server.address, k.key, () => delivered >= expected);
      await Promise.all([appending, counting]);
      const elapsed = (performance.now() - t0) / 1000;
      const loadLoop = await loopDelay(server);
      const counts = JSON.parse((await get(`${receiver.address}/count`)).body) as {
        total: number;
        distinct: number;
        paths: number;
      };
      await writer.close();

      const line = (name: string, xs: number[], loop: { p50: number; p99: number; max: number }) =>
        `${name.padEnd(22)} /cards p50 ${pct(xs, 50).toFixed(2).padStart(6)} ms  p99 ${pct(xs, 99).toFixed(2).padStart(6)} ms  (${xs.length} requests)   loop delay p50 ${loop.p50.toFixed(2)} p99 ${loop.p99.toFixed(2)} max ${loop.max.toFixed(1)} ms`;
      console.log(
        `\n${EVENTS.toLocaleString('en-US')} events × ${ENDPOINTS} endpoints = ${expected.toLocaleString('en-US')} deliveries`,
      );
      console.log(line('reference (no hooks)', reference, refLoop));
      console.log(line('while delivering', during, loadLoop));
      console.log(
        `ratios (delivering / reference): /cards p50 ×${(pct(during, 50) / pct(reference, 50)).toFixed(2)}, p99 ×${(pct(during, 99) / pct(reference, 99)).toFixed(2)}`,
      );
      console.log(
        `delivered ${counts.total.toLocaleString('en-US')} (${counts.distinct.toLocaleString('en-US')} distinct id×endpoint, ${counts.paths} endpoints) in ${elapsed.toFixed(1)} s — ${(counts.total / elapsed).toFixed(0)} deliveries/s; events appended in ${(appendedAt / 1000).toFixed(1)} s`,
      );
      console.log(
        `/cards p99 while delivering ${pct(during, 99).toFixed(2)} ms: ${pct(during, 99) <= CARDS_P99_TARGET_MS ? 'within' : 'OVER'} the ${CARDS_P99_TARGET_MS} ms target`,
      );
    } finally {
      server.child.kill('SIGTERM');
    }
  } finally {
    receiver.child.kill('SIGTERM');
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500);
  }
}

const role = process.argv[2];
if (role === 'server') await serverMain(process.argv[3] as string, process.argv[4] as string);
else if (role === 'receiver') receiverMain();
else await main();
