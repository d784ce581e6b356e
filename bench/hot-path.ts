/**
 * Hot path: `GET /api/v1/cards` with auth, burst limit, quota and the cached pre-serialised body,
 * against a bare Fastify route serving the same body (the reference the 0.75× target is stated against), and one serving the same
 * body and the same response headers (frozen values: what the bytes on the wire cost without the work
 * behind them), in the same run, in each run mode: embedded
 * (SQLite, in-process limits) and distributed (PostgreSQL + Redis on loopback: a fresh database and a
 * private key prefix, dropped afterwards). Distributed mode also runs both bare routes behind one Redis
 * round trip: the ceiling for limits shared exactly across processes (ADR 0059). Each server runs in its own process; the load comes from
 * `wrk` when installed (`apt-get install wrk`), else from a keep-alive Node client here. Prints req/s,
 * p50/p99, the server process's CPU time per request (Linux /proc: steadier than req/s when the load
 * generator, Redis and PostgreSQL share a small machine's cores) and both ratios per mode.
 *
 *   node --conditions=development --import tsx bench/hot-path.ts [--mode embedded|distributed|both]
 *     [--seconds 5] [--connections 50] [--rounds 3] [--warmup 1] [--node-client] [--two-nodes]
 *
 * `--two-nodes` (distributed): also two API nodes sharing one deployment's limits, each under its own
 * load, against one of them alone (the issue's ≥ 1.6× target); off by default.
 *
 * `--warmup` seconds of load before each measured run: every one of the 1,000 keys must have been seen
 * (verified, its quota counter hydrated) before the run, or the run measures cold keys; on a loaded
 * machine one second is not enough.
 *
 * BW_PROFILE=<file> writes a CPU profile of each server's measured run (after the warm-up), with the
 * number of requests it served in `<file>.<mode>.<kind>.requests`; BW_LOOP_DELAY=1 prints each server's
 * event-loop delay histogram over the measured run and its longest timer callbacks by creation site
 * (bench/loop-stalls.ts); BW_BENCH_PER_REQUEST_CHECK=1 runs the embedded server without change notices
 * (SQLite's change counter read per request).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Platform } from '@bellwether/server';
import type { DeploymentShare } from './distributed-config.js';

const args = process.argv.slice(2);
const KEYS = 1000;
const KEY_BURST = 200;
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};

/**
 * The bench's account and its KEYS keys. Realistic limits: the load is spread over many keys (as many
 * customers would send it), each with a dedicated enterprise burst of KEY_BURST/s, so admitted
 * requests — not 429s — are measured.
 */
async function benchKeys(platform: Platform): Promise<string[]> {
  const acct = await platform.accounts.create({
    name: 'Bench',
    email: 'bench@example.test',
    plan_id: 'enterprise',
  });
  if (!acct.ok) throw new Error(acct.reason);
  await platform.accounts.setOverrides(acct.account.id, {
    burst_limit: KEY_BURST,
    quota_amount: 1_000_000_000,
    max_keys: KEYS,
  });
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const k = await platform.keys.create(acct.account.id, `bench-${i}`);
    if (!k.ok) throw new Error(k.reason);
    keys.push(k.key);
  }
  return keys;
}

/**
 * The analytics compute thread is not started with the app: `/cards` never uses it, and on a loaded
 * machine its start from source outlasted Fastify's 10 s ready timeout (the server never came up).
 */
function withoutWarmCompute<C extends { readonly compute: object }>(config: C): C {
  return { ...config, compute: { ...config.compute, warm: false } };
}

async function serverMain(kind: string, mode: string): Promise<void> {
  // Installed first, so the timers the platform creates are timed too.
  const stalls =
    process.env['BW_LOOP_DELAY'] === '1' ? (await import('./loop-stalls.js')).traceLoopStalls() : undefined;
  const { default: Fastify } = await import('fastify');
  const { buildApp, createPlatform, depsFromPlatform } = await import('@bellwether/server');
  const asOf = new Date('2026-11-25T17:00:00Z');
  let cleanup: () => Promise<void>;
  let platform: Awaited<ReturnType<typeof createPlatform>>;
  let redisUrl: string | undefined;
  // `--two-nodes`: a second API node joins the first one's deployment (its database, Redis prefix,
  // secret and keys), so the two share every limit.
  const joining = process.env['BW_BENCH_JOIN'];
  const share =
    joining === undefined ? undefined : (JSON.parse(joining) as DeploymentShare & { keys: string[] });
  let shared: DeploymentShare | undefined;
  if (mode === 'distributed') {
    const { distributedConfig, joinedConfig } = await import('./distributed-config.js');
    const bench = share === undefined ? await distributedConfig(asOf) : joinedConfig(asOf, share);
    redisUrl = bench.config.redisUrl;
    platform = await createPlatform(withoutWarmCompute(bench.config));
    cleanup = () => bench.destroy();
    if (bench.config.storage.kind === 'postgres')
      shared = {
        databaseUrl: bench.config.storage.url,
        prefix: bench.config.redisPrefix,
        secret: bench.config.secret ?? '',
      };
  } else {
    const { embeddedConfig } = await import('./embedded-config.js');
    const dir = mkdtempSync(join(tmpdir(), 'bw-bench-'));
    platform = await createPlatform(withoutWarmCompute(embeddedConfig(dir, asOf)));
    // As `bellwether serve` does: CLI key changes arrive as notices, not as a per-request SQLite read
    // (BW_BENCH_PER_REQUEST_CHECK=1 measures the per-request read instead, ADR 0058).
    if (process.env['BW_BENCH_PER_REQUEST_CHECK'] !== '1' && !(await platform.serveChangeNotices()))
      throw new Error('change notices unavailable');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const keys: string[] = share?.keys ?? (await benchKeys(platform));
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  const sample = await app.inject({ url: '/api/v1/cards', headers: { authorization: `Bearer ${keys[0]}` } });
  const body = sample.body;
  // `bare-headers` also sends Bellwether's own response headers (request id, caching, rate limits,
  // nosniff), frozen at the sampled values: the same bytes on the wire, none of the work behind them.
  const sameHeaders = Object.fromEntries(
    Object.entries(sample.headers).filter(
      ([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
    ),
  );
  let address: string;
  let closeTrip = async () => {};
  if (kind !== 'bellwether') {
    await app.close();
    const bare = Fastify({ logger: false });
    const extra = kind.includes('headers') ? sameHeaders : {};
    if (kind.endsWith('-trip')) {
      // The least a limit shared across processes costs when each request is decided where the
      // counts live: one Redis round trip (an INCR of the caller's counter) before the same response.
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl ?? '');
      const counter = `bwbench:trip:${process.pid}:`;
      closeTrip = async () => {
        await redis.del(...keys.map((_k, i) => counter + i));
        redis.disconnect();
      };
      const index = new Map(keys.map((k, i) => [`Bearer ${k}`, i]));
      bare.get('/api/v1/cards', async (req, reply) => {
        await redis.incr(counter + (index.get(req.headers.authorization ?? '') ?? -1));
        return reply.headers(extra).type('application/json; charset=utf-8').send(body);
      });
    } else
      bare.get('/api/v1/cards', async (_req, reply) =>
        reply.headers(extra).type('application/json; charset=utf-8').send(body),
      );
    address = await bare.listen({ host: '127.0.0.1', port: 0 });
  } else {
    address = await app.listen({ host: '127.0.0.1', port: 0 });
  }
  // Start-up work on other threads (the webhook dispatcher's thread loading the server, ~2 s of CPU from
  // source) would be charged to the requests of the run (/proc counts every thread of the process) and
  // compete with them for the cores: wait until the process is quiet (≤ 10 % of a core over 250 ms).
  for (let waited = 0, last = process.cpuUsage(); waited < 30_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    const now = process.cpuUsage();
    const busyUs = now.user + now.system - last.user - last.system;
    last = now;
    if (busyUs < 25_000) break;
  }
  // BW_PROFILE=<file>: a CPU profile of the measured run only (from the end of the warm-up, SIGUSR2, to
  // SIGTERM), for finding costs, written to <file>.<mode>.<bare|bellwether>.
  const profileFile = process.env['BW_PROFILE'];
  const session = profileFile === undefined ? undefined : new (await import('node:inspector')).Session();
  if (session !== undefined) {
    session.connect();
    await new Promise<void>((r) => session.post('Profiler.enable', () => r()));
  }
  let served = 0;
  if (session !== undefined || stalls !== undefined)
    (kind === 'bellwether' ? app.server : undefined)?.on('request', () => served++);
  process.on('SIGUSR2', () => {
    served = 0;
    stalls?.start();
    session?.post('Profiler.start');
  });
  process.stdout.write(`${JSON.stringify({ address, keys, shared })}\n`);
  process.on('SIGTERM', () => {
    if (stalls !== undefined) process.stderr.write(`${mode} ${kind}: ${stalls.report()}\n`);
    const exit = () => {
      if (kind === 'bellwether') void app.close();
      void closeTrip()
        .then(() => platform.close())
        .finally(() => cleanup().finally(() => process.exit(0)));
    };
    if (session === undefined || profileFile === undefined) return exit();
    session.post('Profiler.stop', (_err, result) => {
      writeFileSync(`${profileFile}.${mode}.${kind}`, JSON.stringify(result.profile));
      if (kind === 'bellwether') writeFileSync(`${profileFile}.${mode}.${kind}.requests`, String(served));
      exit();
    });
  });
}

interface Started {
  child: ChildProcess;
  address: string;
  keys: string[];
  /** Distributed: what another node needs to join this one's deployment. */
  shared?: DeploymentShare;
}

function startServer(kind: string, mode: string, env: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), 'server', kind, mode],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ...env },
      },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (line !== undefined && out.includes('\n'))
        resolve({ child, ...(JSON.parse(line) as Omit<Started, 'child'>) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function load(address: string, keys: readonly string[], seconds: number, connections: number) {
  let next = 0;
  const url = new URL('/api/v1/cards', address);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const key = keys[next++ % keys.length];
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < deadline) await one();
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
}

/**
 * User and system CPU seconds the process has used (Linux /proc; NaN elsewhere). Per request, it is the
 * server's own cost, steadier than req/s on a small machine where the load generator shares the cores.
 * The split matters on a VM: the kernel side includes waking the peer (wrk, Redis) on every write,
 * which costs several times more when the peer sleeps between messages, i.e. at lower throughput, so a
 * slower server also pays more kernel time per request for the same syscalls; user time is the
 * server's own code.
 */
function cpuSeconds(pid: number | undefined): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/** wrk (C, one thread) loads the server far more cheaply than a Node client on a 2-core machine. */
function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** One wrk run (asynchronous, so two nodes can be loaded at once). */
async function wrkLoad(address: string, keys: readonly string[], seconds: number, connections: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bw-wrk-'));
  const script = join(dir, 'keys.lua');
  writeFileSync(
    script,
    `local keys = {${keys.map((k) => `"${k}"`).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #keys + 1\n  return wrk.format("GET", nil, { Authorization = "Bearer " .. keys[i] })\nend\n`,
  );
  const out = await new Promise<string>((resolve, reject) => {
    const wrk = spawn(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, `${address}/api/v1/cards`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    wrk.stdout.on('data', (d: Buffer) => {
      text += d.toString();
    });
    wrk.on('error', reject);
    wrk.on('close', () => resolve(text));
  });
  rmSync(dir, { recursive: true, force: true });
  const ms = (label: string) => {
    const m = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (m === null) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: ms('50%'),
    p99: ms('99%'),
    errors: non2xx === null ? 0 : Number(non2xx[1]),
  };
}

/**
 * The servers each round runs, in this order: the references, then Bellwether. Distributed mode adds
 * both bare routes behind one Redis round trip (`-trip`): the least any limit shared exactly across
 * processes costs when each request is decided where the counts live.
 */
const kindsOf = (mode: string) =>
  mode === 'distributed'
    ? (['bare', 'bare-trip', 'bare-headers', 'bare-headers-trip', 'bellwether'] as const)
    : (['bare', 'bare-headers', 'bellwether'] as const);

async function main(): Promise<void> {
  const useWrk = hasWrk() && !args.includes('--node-client');
  const seconds = arg('seconds', 5);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 3);
  const warmup = arg('warmup', 1);
  const modeArg = args[args.indexOf('--mode') + 1];
  const modes =
    args.includes('--mode') && modeArg !== 'both' ? [modeArg as string] : ['embedded', 'distributed'];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const lines: string[] = [
    `hot path GET /api/v1/cards — ${connections} connections, ${seconds}s × ${rounds} rounds after ${warmup}s warm-up, medians (${useWrk ? 'wrk' : 'node client'})`,
  ];
  for (const mode of modes) {
    type Result = { rps: number; p50: number; p99: number; errors: number; cpuUs: number; userUs: number };
    const kinds = kindsOf(mode);
    const results = Object.fromEntries(kinds.map((kind) => [kind, [] as Result[]]));
    for (let r = 0; r < rounds; r++) {
      for (const kind of kinds) {
        const s = await startServer(kind, mode);
        if (useWrk)
          await wrkLoad(s.address, s.keys, warmup, connections); // warm-up
        else await load(s.address, s.keys, warmup, connections);
        if (process.env['BW_PROFILE'] !== undefined || process.env['BW_LOOP_DELAY'] === '1')
          s.child.kill('SIGUSR2');
        const cpu0 = cpuSeconds(s.child.pid);
        const run = useWrk
          ? await wrkLoad(s.address, s.keys, seconds, connections)
          : await load(s.address, s.keys, seconds, connections);
        const cpu1 = cpuSeconds(s.child.pid);
        const perRequestUs = (cpuSecs: number) => (cpuSecs / run.requests) * 1e6;
        results[kind]?.push({
          ...run,
          cpuUs: perRequestUs(cpu1.user + cpu1.system - cpu0.user - cpu0.system),
          userUs: perRequestUs(cpu1.user - cpu0.user),
        });
        const exited = new Promise((r) => s.child.once('exit', r));
        s.child.kill('SIGTERM');
        await exited;
      }
    }
    const row = (kind: string) => {
      const rs = results[kind] ?? [];
      return {
        rps: median(rs.map((x) => x.rps)),
        p50: median(rs.map((x) => x.p50)),
        p99: median(rs.map((x) => x.p99)),
        errors: rs.reduce((a, x) => a + x.errors, 0),
        cpuUs: median(rs.map((x) => x.cpuUs)),
        userUs: median(rs.map((x) => x.userUs)),
      };
    };
    const bare = row('bare');
    const same = row('bare-headers');
    const bw = row('bellwether');
    const line = (label: string, r: ReturnType<typeof row>) =>
      `    ${label.padEnd(22)}${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}  server CPU ${r.cpuUs.toFixed(1)} µs/request (user ${r.userUs.toFixed(1)})`;
    const ratios = (r: ReturnType<typeof row>) =>
      `${(bw.rps / r.rps).toFixed(2)}; by server CPU per request ${(r.cpuUs / bw.cpuUs).toFixed(2)}, by user CPU ${(r.userUs / bw.userUs).toFixed(2)}`;
    lines.push(
      `  ${mode}`,
      line('bare fastify', bare),
      line('bare + same headers', same),
      ...((kinds as readonly string[]).includes('bare-trip')
        ? [
            line('bare + 1 Redis trip', row('bare-trip')),
            line('headers + 1 Redis trip', row('bare-headers-trip')),
          ]
        : []),
      line('bellwether', bw),
      `    ratio bellwether / bare = ${ratios(bare)}  (target ≥ 0.75; p99 target ≤ 5 ms)`,
      `    ratio bellwether / bare with the same headers = ${ratios(same)}`,
    );
    if ((kinds as readonly string[]).includes('bare-trip'))
      lines.push(
        `    ceiling for exact shared limits decided per request: bare + 1 Redis trip / bare = ${(row('bare-trip').rps / bare.rps).toFixed(2)}, with the same headers ${(row('bare-headers-trip').rps / bare.rps).toFixed(2)}`,
      );
  }
  if (modes.includes('distributed') && args.includes('--two-nodes'))
    lines.push(...(await twoNodes(rounds, seconds, warmup, connections, useWrk)));
  console.log(lines.join('\n'));
}

/**
 * `--two-nodes` (distributed only, opt-in): two Bellwether API nodes of one deployment (one database,
 * one Redis prefix, the same keys: every limit shared), each loaded by its own client with
 * `connections` connections, against one of them loaded alone in the same round. Prints both nodes'
 * requests per second together over the one node's (target ≥ 1.6), and the pair's p99 and server CPU
 * per request. On a machine with fewer cores than the two nodes, their clients, Redis and PostgreSQL
 * need, the pair competes for the same cores: read it with the machine's core count and load.
 */
async function twoNodes(
  rounds: number,
  seconds: number,
  warmup: number,
  connections: number,
  useWrk: boolean,
): Promise<string[]> {
  const drive = (s: Started, secs: number) =>
    useWrk ? wrkLoad(s.address, s.keys, secs, connections) : load(s.address, s.keys, secs, connections);
  const cpu = (s: Started) => {
    const c = cpuSeconds(s.child.pid);
    return c.user + c.system;
  };
  const stop = async (s: Started) => {
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    await exited;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const one: { rps: number; p99: number; cpuUs: number }[] = [];
  const two: { rps: number; p99: number; cpuUs: number; errors: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = await startServer('bellwether', 'distributed');
    if (a.shared === undefined) throw new Error('the first node shared no deployment');
    const b = await startServer('bellwether', 'distributed', {
      BW_BENCH_JOIN: JSON.stringify({ ...a.shared, keys: a.keys }),
    });
    await Promise.all([drive(a, warmup), drive(b, warmup)]);
    let cpu0 = cpu(a);
    const alone = await drive(a, seconds);
    one.push({ rps: alone.rps, p99: alone.p99, cpuUs: ((cpu(a) - cpu0) / alone.requests) * 1e6 });
    cpu0 = cpu(a) + cpu(b);
    const [ra, rb] = await Promise.all([drive(a, seconds), drive(b, seconds)]);
    const served = ra.requests + rb.requests;
    two.push({
      rps: ra.rps + rb.rps,
      p99: Math.max(ra.p99, rb.p99),
      cpuUs: ((cpu(a) + cpu(b) - cpu0) / served) * 1e6,
      errors: ra.errors + rb.errors,
    });
    await stop(b);
    await stop(a);
  }
  const oneRps = median(one.map((x) => x.rps));
  const twoRps = median(two.map((x) => x.rps));
  return [
    `  two API nodes sharing limits (distributed, ${connections} connections each)`,
    `    one node              ${oneRps.toFixed(0).padStart(7)} req/s  p99 ${median(one.map((x) => x.p99)).toFixed(2)} ms  server CPU ${median(one.map((x) => x.cpuUs)).toFixed(1)} µs/request`,
    `    two nodes together    ${twoRps.toFixed(0).padStart(7)} req/s  p99 ${median(two.map((x) => x.p99)).toFixed(2)} ms (worse node)  errors ${two.reduce((n, x) => n + x.errors, 0)}  server CPU ${median(two.map((x) => x.cpuUs)).toFixed(1)} µs/request`,
    `    two nodes / one node = ${(twoRps / oneRps).toFixed(2)}  (target ≥ 1.6; this machine has ${availableParallelism()} cores)`,
  ];
}

if (process.argv[2] === 'server')
  await serverMain(process.argv[3] ?? 'bellwether', process.argv[4] ?? 'embedded');
else await main();
