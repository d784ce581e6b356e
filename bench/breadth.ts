/**
 * The S&P 500 at breadth (issue #41): the 487 files of `sp500/` (1,740,729 bars, 1999–2015) in one store,
 * and what an operator runs over all of them, each phase in its own process under `/usr/bin/time -v` so
 * its peak RSS is the process's own:
 *
 *   node --conditions=development --import tsx bench/breadth.ts [--only publish,screen,backtest,postgres]
 *     [--runs 3] [--warm 15] [--from 2000-01-03] [--to 2015-12-31] [--keep <dir>]
 *
 * - open (the reference for memory): a process that opens the platform and lists the universe, nothing more.
 * - publish: the cards of Monday 2016-01-04 (data through 2015-12-31) over every ticker, on a copy of the
 *   ingested database (a publication is written once); budget ≤ 10 s; peak RSS stated.
 * - screen, SQLite: `rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7` sorted by
 *   `-roc(20)`, limit 50, through `app.inject` (authentication, limits, store loads, the compute thread).
 *   cold = the first screen of a freshly started process (nothing cached; the database file may be in the
 *   OS page cache): the app is ready, as `bellwether serve` is before it listens, once its kept compute
 *   thread has loaded its modules (ADR 0091's addendum); warm = median of `warm` more in the same process.
 *   Budgets ≤ 1 s cold, ≤ 50 ms warm. Each process's CPU time (user + system) is printed beside: on a
 *   shared machine it is what wall time cannot show.
 * - backtest: `runBacktest` (what `bellwether backtest` runs) over the whole universe, `from` … `to`;
 *   budget ≤ 5 min and ≤ 2.5 GB peak RSS.
 * - postgres: the same files ingested into a fresh PostgreSQL database (dropped afterwards), and the same
 *   screen cold and warm in distributed mode (ADR 0079: PostgreSQL still reads rows), beside SQLite's.
 * Each figure is the median of `runs` processes, printed with its budget and the ratio figure / budget
 * (≤ 1 meets it). The ingest is done once (its throughput is bench/ingest.ts's); `--keep <dir>` reuses
 * an ingested SQLite database across invocations.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDataPath } from '@bellwether/fixtures';
import { buildApp, type Config, createPlatform, depsFromPlatform, type Platform } from '@bellwether/server';
import { publicationDeps, publishSession, runBacktest } from '@bellwether/server/cards';
import { ingestFile } from '@bellwether/server/market';
import { benchKey } from './bench-key.js';
import { distributedConfig } from './distributed-config.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : (args[i + 1] as string);
};
const SP500 = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'sp500');
// Monday 2016-01-04, 08:00 New York: its cards are due, from data through 2015-12-31.
const NOW = new Date('2016-01-04T13:00:00Z');
const SESSION = '2016-01-04';
const WHERE = 'rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7';
const SORT = '-roc(20)';
const URL = `/api/v1/screener?where=${encodeURIComponent(WHERE)}&sort=${encodeURIComponent(SORT)}&limit=50`;
const RUNS = Number(arg('runs', '3'));
const WARM = Number(arg('warm', '15'));
const FROM = arg('from', '2000-01-03');
const TO = arg('to', '2015-12-31');
const ONLY = arg('only', 'publish,screen,backtest,postgres').split(',');

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** The configuration a phase's process opens: the SQLite file in `dir`, or the PostgreSQL database `pg`. */
function config(dir: string, pg: string): Config {
  // One secret for every phase's process: the data directory keeps its digest (ADR 0085).
  const base = embeddedConfig(dir, NOW, { demo: false, secret: 'b'.repeat(64) });
  if (pg === '') return base;
  const [url, redisPrefix] = pg.split('|') as [string, string];
  return {
    ...base,
    mode: 'distributed',
    storage: { kind: 'postgres', url },
    redisUrl: process.env['BELLWETHER_BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    redisPrefix,
  };
}

async function ingestAll(platform: Platform): Promise<number> {
  let bars = 0;
  for (const file of readdirSync(SP500).filter((f) => f.endsWith('.csv'))) {
    const r = await ingestFile(platform.market, {
      kind: 'bars',
      file: join(SP500, file),
      skipBadRows: false,
      calendar: 'XNYS',
    });
    if (r.status !== 'imported') throw new Error(`${file}: ${JSON.stringify(r.errors.slice(0, 3))}`);
    bars += r.written.bars.inserted + r.written.bars.unchanged;
  }
  return bars;
}

/** One phase in this (child) process; prints one JSON line. */
async function child(phase: string, dir: string, pg: string): Promise<void> {
  const t0 = performance.now();
  const platform = await createPlatform(config(dir, pg));
  const opened = performance.now() - t0;
  try {
    if (phase === 'open') {
      const n = (await platform.market.listInstruments()).length;
      console.log(JSON.stringify({ instruments: n, opened_ms: opened }));
    } else if (phase === 'publish') {
      // Published on time, as the scheduler would have: both clocks at the session's publication slot.
      const deps = publicationDeps(platform);
      const slot = deps.calendar.sessionOn(SESSION);
      if (slot === undefined) throw new Error(`${SESSION} is not a session`);
      const at = new Date(slot.opens_at.getTime() - deps.cards.leadMinutes * 60_000);
      const s = performance.now();
      const r = await publishSession({ ...deps, now: () => at, wallNow: () => at }, { session: SESSION });
      const ms = performance.now() - s;
      if (!r.ok) throw new Error(r.message);
      if (!r.published) throw new Error('the session was already published');
      console.log(
        JSON.stringify({
          ms,
          scanned: r.tickers_scanned,
          stale: r.stale.length,
          data_issues: r.data_issues.length,
          cards: r.cards,
          market: r.market.ticker,
        }),
      );
    } else if (phase === 'screen') {
      const key = await benchKey(platform, { email: `bench-${Math.random()}@example.test` });
      const headers = { authorization: `Bearer ${key}` };
      const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
      await app.ready();
      let s = performance.now();
      const first = await app.inject({ url: URL, headers });
      const cold = performance.now() - s;
      if (first.statusCode !== 200) throw new Error(first.body.slice(0, 300));
      const body = first.json();
      const warm: number[] = [];
      for (let i = 0; i < WARM; i++) {
        s = performance.now();
        const res = await app.inject({ url: URL, headers });
        warm.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
      }
      console.log(
        JSON.stringify({ cold, warm: median(warm), universe: body.universe, matched: body.matched }),
      );
      await app.close();
    } else if (phase === 'backtest') {
      const s = performance.now();
      const r = await runBacktest(publicationDeps(platform), { from: FROM, to: TO });
      const ms = performance.now() - s;
      console.log(
        JSON.stringify({
          ms,
          tickers: r.tickers,
          sessions: r.sessions,
          cards: r.cards,
          data_issues: r.data_issues.length,
          market: r.market.ticker,
          market_filter: r.rules.market_filter,
        }),
      );
    } else if (phase === 'ingest') {
      const s = performance.now();
      const bars = await ingestAll(platform);
      console.log(JSON.stringify({ ms: performance.now() - s, bars }));
    } else throw new Error(`unknown phase ${phase}`);
  } finally {
    await platform.close();
  }
}

interface Measured {
  readonly out: Record<string, number | string>;
  readonly rssMb: number;
  /** The process's CPU time, user + system (on a busy machine, what wall time cannot show). */
  readonly cpuS: number;
}

/** Runs `phase` in a new process under /usr/bin/time -v: its JSON line and its peak RSS. */
function run(phase: string, dir: string, pg = ''): Measured {
  const script = fileURLToPath(import.meta.url);
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-v',
      process.execPath,
      '--conditions=development',
      '--import',
      'tsx',
      script,
      '--child',
      phase,
      '--dir',
      dir,
      '--pg',
      pg,
      '--from',
      FROM,
      '--to',
      TO,
      '--warm',
      String(WARM),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const line = r.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .at(-1);
  if (r.status !== 0 || line === undefined)
    throw new Error(`${phase} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]);
  const seconds = (what: string) =>
    Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1]);
  return { out: JSON.parse(line), rssMb: kb / 1024, cpuS: seconds('User') + seconds('System') };
}

const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d });
function line(name: string, value: number, unit: string, budget: number | undefined, extra = ''): void {
  const ratio =
    budget === undefined ? '' : `  budget ${fmt(budget, 1)} ${unit}, ratio ${(value / budget).toFixed(2)}`;
  console.log(
    `${name.padEnd(34)} ${fmt(value, 1).padStart(10)} ${unit}${ratio}${extra === '' ? '' : `  (${extra})`}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the start`,
  );
  const kept = arg('keep', '');
  const dir = kept === '' ? mkdtempSync(join(tmpdir(), 'bw-bench-breadth-')) : kept;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    if (!existsSync(join(dir, 'db.sqlite'))) {
      const r = run('ingest', dir);
      console.log(
        `SQLite: ingested ${fmt(Number(r.out['bars']))} bars of ${readdirSync(SP500).length} files in ${fmt(Number(r.out['ms']) / 1000, 1)} s`,
      );
    } else console.log(`SQLite: reusing ${dir}`);
    const open = [...Array(RUNS)].map(() => run('open', dir));
    line('open the platform (reference)', median(open.map((o) => o.rssMb)), 'MB', undefined, 'peak RSS');

    if (ONLY.includes('publish')) {
      const runs: Measured[] = [];
      for (let i = 0; i < RUNS; i++) {
        const copy = mkdtempSync(join(tmpdir(), 'bw-bench-breadth-pub-'));
        try {
          for (const f of readdirSync(dir).filter((f) => f.startsWith('db.sqlite')))
            copyFileSync(join(dir, f), join(copy, f));
          runs.push(run('publish', copy));
        } finally {
          rmSync(copy, { recursive: true, force: true });
        }
      }
      const o = runs[0]?.out ?? {};
      const about = `${o['scanned']} scanned, ${o['stale']} stale, ${o['data_issues']} data issues, ${o['cards']} cards, market ${o['market']}`;
      line('publication 2016-01-04', median(runs.map((r) => Number(r.out['ms']))) / 1000, 's', 10, about);
      line('publication peak RSS', median(runs.map((r) => r.rssMb)), 'MB', undefined, 'whole process');
      line(
        'publication process CPU',
        median(runs.map((r) => r.cpuS)),
        's',
        undefined,
        'user + system, whole process',
      );
    }
    if (ONLY.includes('screen')) {
      const runs = [...Array(RUNS)].map(() => run('screen', dir));
      const o = runs[0]?.out ?? {};
      const about = `universe ${o['universe']}, matched ${o['matched']}`;
      line('screen cold, SQLite', median(runs.map((r) => Number(r.out['cold']))), 'ms', 1000, about);
      line(
        'screen warm, SQLite',
        median(runs.map((r) => Number(r.out['warm']))),
        'ms',
        50,
        `median of ${WARM}`,
      );
      line('screen peak RSS, SQLite', median(runs.map((r) => r.rssMb)), 'MB', undefined);
      line('screen process CPU, SQLite', median(runs.map((r) => r.cpuS)), 's', undefined, 'whole process');
    }
    if (ONLY.includes('backtest')) {
      // One run: it takes minutes.
      const r = run('backtest', dir);
      const o = r.out;
      const about = `${FROM} … ${TO}: ${o['tickers']} tickers, ${o['sessions']} sessions, ${o['cards']} cards, ${o['data_issues']} data issues, market ${o['market']} (${o['market_filter']})`;
      line('backtest', Number(o['ms']) / 1000, 's', 300, about);
      line('backtest peak RSS', r.rssMb, 'MB', 2560);
      line('backtest process CPU', r.cpuS, 's', undefined, 'user + system, whole process');
    }
    if (ONLY.includes('postgres')) {
      const bench = await distributedConfig(NOW);
      try {
        const storage = bench.config.storage;
        if (storage.kind !== 'postgres') throw new Error('not PostgreSQL');
        const pg = `${storage.url}|${bench.config.redisPrefix}`;
        const ing = run('ingest', dir, pg);
        console.log(
          `PostgreSQL: ingested ${fmt(Number(ing.out['bars']))} bars in ${fmt(Number(ing.out['ms']) / 1000, 1)} s`,
        );
        const runs = [...Array(RUNS)].map(() => run('screen', dir, pg));
        line('screen cold, PostgreSQL', median(runs.map((r) => Number(r.out['cold']))), 'ms', 1000);
        line('screen warm, PostgreSQL', median(runs.map((r) => Number(r.out['warm']))), 'ms', 50);
        line(
          'screen process CPU, PostgreSQL',
          median(runs.map((r) => r.cpuS)),
          's',
          undefined,
          'whole process',
        );
      } finally {
        await bench.destroy();
      }
    }
  } finally {
    if (kept === '') rmSync(dir, { recursive: true, force: true });
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at the end`,
    );
  }
}

if (args.includes('--child')) await child(arg('child', ''), arg('dir', ''), arg('pg', ''));
else await main();
