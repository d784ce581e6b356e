/**
 * A backtest job at breadth beside another key's `/cards` (issue #47, ADR 0101): the S&P 500 files of
 * `sp500/` ingested into a fresh embedded store, one built-in setup replayed over them by
 * `POST /api/v1/backtests` (the job runner's worker thread), while a second key polls `/cards` back to back
 * through the app. Prints the job's wall time and progress trace, and `/cards` latency (p50, p99, max)
 * before and during the job, with the load average:
 *
 *   nice node --conditions=development --import tsx bench/backtest-job.ts [--tickers 487] \
 *     [--from 2001-01-02] [--to 2015-12-31] [--setup trend_pullback] [--sp500 <dir>]
 *
 * Budgets (issue #47): the job ≤ 120 s for ~500 tickers × 15 years; `/cards` p99 ≤ 25 ms during it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataPath } from '@bellwether/fixtures';
import { buildApp, createPlatform, DEFAULT_COMPUTE_CONFIG, depsFromPlatform } from '@bellwether/server';
import { ingestFile } from '@bellwether/server/market';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : (args[i + 1] as string);
};
// `--sp500 <dir>` when the shared data are not beside this checkout (a worktree elsewhere).
const SP500 = args.includes('--sp500')
  ? arg('sp500', '')
  : sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'sp500');
const NOW = new Date('2016-01-04T13:00:00Z');
const TICKERS = Number(arg('tickers', '487'));
const FROM = arg('from', '2001-01-02');
const TO = arg('to', '2015-12-31');
const SETUP = arg('setup', 'trend_pullback');

const pct = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const summary = (xs: readonly number[]) => ({
  n: xs.length,
  p50: +pct(xs, 0.5).toFixed(2),
  p99: +pct(xs, 0.99).toFixed(2),
  max: +Math.max(...xs).toFixed(2),
});

const dir = mkdtempSync(join(tmpdir(), 'bw-bench-backtest-'));
// No kept compute thread: /cards does not use it, and from source its start outlasts ready on a busy machine.
const platform = await createPlatform(
  embeddedConfig(dir, NOW, { demo: false, compute: { ...DEFAULT_COMPUTE_CONFIG, warm: false } }),
);
try {
  const files = readdirSync(SP500)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, TICKERS);
  let t = performance.now();
  for (const file of files) {
    const r = await ingestFile(platform.market, {
      kind: 'bars',
      file: join(SP500, file),
      skipBadRows: false,
      calendar: 'XNYS',
    });
    if (r.status !== 'imported') throw new Error(`${file}: ${JSON.stringify(r.errors.slice(0, 3))}`);
  }
  console.log(`ingested ${files.length} files in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  await app.ready();
  const runner = await benchKey(platform, { email: 'runner@example.test' });
  const reader = await benchKey(platform, { email: 'reader@example.test' });
  const tickers = (await platform.market.listInstruments()).map((i) => i.ticker);
  const cards = async () => {
    const s = performance.now();
    const res = await app.inject({ url: '/api/v1/cards', headers: { authorization: `Bearer ${reader}` } });
    if (res.statusCode !== 200) throw new Error(`/cards ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return performance.now() - s;
  };
  // /cards alone first (its own baseline on this machine now).
  const before: number[] = [];
  for (const end = performance.now() + 10_000; performance.now() < end; ) {
    before.push(await cards());
    await new Promise((r) => setTimeout(r, 5));
  }

  const body = { setup: SETUP, universe: { tickers }, from: FROM, to: TO };
  const headers = { authorization: `Bearer ${runner}`, 'content-type': 'application/json' };
  const quote = await app.inject({
    method: 'POST',
    url: '/api/v1/backtests?dry_run=true',
    headers,
    payload: body,
  });
  console.log(`quote: ${quote.body}`);
  t = performance.now();
  const cpu0 = process.cpuUsage();
  const created = await app.inject({ method: 'POST', url: '/api/v1/backtests', headers, payload: body });
  if (created.statusCode !== 202) throw new Error(created.body.slice(0, 300));
  const id = created.json().job_id as string;
  const during: number[] = [];
  const trace: string[] = [];
  const loads: number[] = [];
  let job: {
    status: string;
    progress: { percent: number } | null;
    report?: { tickers: number; sessions: number; cards: number };
  };
  let lastPoll = 0;
  for (;;) {
    during.push(await cards());
    // A client polling 200 times a second, not a tight loop (whose garbage alone would fill the heap).
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - lastPoll < 1000) continue;
    lastPoll = performance.now();
    loads.push(loadavg()[0] as number);
    job = (await app.inject({ url: `/api/v1/backtests/${id}`, headers })).json();
    trace.push(`${((performance.now() - t) / 1000).toFixed(0)}s:${job.progress?.percent ?? '-'}%`);
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) break;
  }
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({
      status: job.status,
      seconds: +seconds.toFixed(1),
      process_cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(1),
      tickers: job.report?.tickers,
      sessions: job.report?.sessions,
      cards: job.report?.cards,
      cards_before_ms: summary(before),
      cards_during_ms: summary(during),
      load_average_1m: { min: Math.min(...loads), max: Math.max(...loads) },
    }),
  );
  console.log(`progress: ${trace.filter((_, i) => i % 10 === 0).join(' ')}`);
  console.log(
    `budgets: job ${seconds.toFixed(0)} s / 120 s = ${(seconds / 120).toFixed(2)}; /cards p99 during ${summary(during).p99} ms / 25 ms = ${(summary(during).p99 / 25).toFixed(2)}`,
  );
  await app.close();
} finally {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
}
