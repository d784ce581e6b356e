/**
 * GET /screener end to end (issue #28): 500 tickers × 20 years of daily bars in an embedded (SQLite) store,
 * the screen `rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7` sorted by `-roc(20)`,
 * through `app.inject` (authentication, limits, store loads, the compute thread, the answer).
 * Budgets: ≤ 50 ms warm, ≤ 1 s cold.
 *
 * - warm: the server has answered screens before (histories in the market cache, the compute thread
 *   started); median of `runs` requests.
 * - cold: the first screen of a freshly started server over the same database file (nothing cached, the
 *   compute thread not started: it starts on this request), in `cold-runs` new processes; median.
 * - references, same process, same database, same answer (checked): `engine only` — compile, evaluate
 *   and rank on tails already in memory (the floor: no store, no HTTP, no thread); `naive` — each
 *   ticker's whole adjusted history through the market port, every indicator over the whole series
 *   by the catalogue's batch functions, the condition in plain JavaScript. Ratios are ours / reference.
 *
 *   node --conditions=development --import tsx bench/screener-route.ts [--tickers 500] [--years 20] [--runs 15] [--cold-runs 3] [--keep <dir>]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compileScreen,
  computeIndicator,
  evaluateScreen,
  rankScreenResults,
  type SeriesInputs,
} from '@bellwether/analytics';
import { buildApp, createPlatform, depsFromPlatform } from '@bellwether/server';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : (args[i + 1] as string);
};
const TICKERS = Number(arg('tickers', '500'));
const YEARS = Number(arg('years', '20'));
const RUNS = Number(arg('runs', '15'));
const COLD_RUNS = Number(arg('cold-runs', '3'));
const NOW = new Date('2026-11-25T17:00:00Z');
const WHERE = 'rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7';
const SORT = '-roc(20)';
const URL = `/api/v1/screener?where=${encodeURIComponent(WHERE)}&sort=${encodeURIComponent(SORT)}&limit=50`;

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One screen through a new server over `dir`: the time of its first request (a child process's job). */
async function cold(dir: string): Promise<void> {
  const platform = await createPlatform(embeddedConfig(dir, NOW));
  const key = await benchKey(platform, { email: `bench-${Math.random()}@example.test` });
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  await app.ready();
  const t0 = performance.now();
  const res = await app.inject({ url: URL, headers: { authorization: `Bearer ${key}` } });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
  console.log(JSON.stringify({ ms, matched: res.json().matched }));
  await app.close();
  await platform.close();
}

async function main(): Promise<void> {
  // --keep <dir>: seed there once and reuse it in later runs (the seeding takes about a minute).
  const kept = arg('keep', '');
  const dir = kept === '' ? mkdtempSync(join(tmpdir(), 'bw-bench-screener-')) : kept;
  const seeded = kept !== '' && existsSync(join(dir, 'db.sqlite'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const platform = await createPlatform(embeddedConfig(dir, NOW));
    const t0 = performance.now();
    if (!seeded)
      await seedSyntheticMarket(platform.market, {
        seed: 42,
        tickers: TICKERS,
        years: YEARS,
        now: NOW,
        newsSessions: 0,
      });
    const universe = (await platform.market.listInstruments()).filter((i) => i.active);
    console.log(
      `${universe.length} active instruments, ${YEARS} years of bars, ${seeded ? 'reused' : 'seeded'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const key = await benchKey(platform, { email: `bench-${Math.random()}@example.test` });
    const headers = { authorization: `Bearer ${key}` };
    const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
    await app.ready();

    // Warm.
    let answer: { matched: number; evaluated: number; data: { ticker: string }[] } | undefined;
    for (let i = 0; i < 3; i++) answer = (await app.inject({ url: URL, headers })).json();
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const res = await app.inject({ url: URL, headers });
      warm.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
    }
    if (answer === undefined) throw new Error('no answer');

    // References on the same bars.
    const checked = compileScreen({ where: WHERE, sort: SORT });
    if (!checked.ok) throw new Error('compile');
    const series = [];
    for (const i of universe) {
      const s = await platform.market.getDailySeries(i.ticker, { asOf: NOW, adjustment: 'split_div' });
      if (s !== undefined && s.last_bar === s.known_through && s.dates.length > 0) series.push(s);
    }
    const tail = Math.max(...checked.screen.plan.computations.map((c) => c.tail ?? Number.POSITIVE_INFINITY));
    const tails = series.map((s) => {
      const from = Math.max(0, s.dates.length - tail);
      return {
        ticker: s.ticker,
        open: s.open.slice(from),
        high: s.high.slice(from),
        low: s.low.slice(from),
        close: s.close.slice(from),
        volume: s.volume.slice(from),
      };
    });
    const engine = () => {
      const c = compileScreen({ where: WHERE, sort: SORT });
      if (!c.ok) throw new Error('compile');
      const results = tails.map((t) => ({
        ticker: t.ticker,
        ...evaluateScreen(c.screen, t, t.close.length - 1),
      }));
      return rankScreenResults(results, { descending: true, limit: 50 }).map((r) => r.ticker);
    };
    const naive = async () => {
      const out: { ticker: string; matched: boolean; sort: number | null }[] = [];
      for (const i of universe) {
        const s = await platform.market.getDailySeries(i.ticker, { asOf: NOW, adjustment: 'split_div' });
        if (s === undefined || s.last_bar !== s.known_through || s.dates.length === 0) continue;
        const inputs = s as unknown as SeriesInputs;
        const at = s.close.length - 1;
        const last = (code: string, bars: SeriesInputs, params: Record<string, number>, output: string) => {
          const r = computeIndicator(code, bars, params);
          if (!r.ok) throw new Error(code);
          return r.outputs[output]![at]!;
        };
        const rsi = last('rsi', inputs, { period: 14 }, 'rsi');
        const sma = last('sma', inputs, { period: 200 }, 'sma');
        const roc = last('roc', inputs, { period: 20 }, 'roc');
        const dollars = new Float64Array(at + 1);
        for (let j = 0; j <= at; j++) dollars[j] = s.close[j]! * s.volume[j]!;
        const adv = last('sma', { close: dollars }, { period: 20 }, 'sma');
        const matched = rsi < 30 && s.close[at]! > sma && adv > 1e7;
        out.push({ ticker: s.ticker, matched, sort: Number.isFinite(roc) ? roc : null });
      }
      return rankScreenResults(out, { descending: true, limit: 50 }).map((r) => r.ticker);
    };
    const ours = answer.data.map((d) => d.ticker);
    if (JSON.stringify(engine()) !== JSON.stringify(ours)) throw new Error('engine reference differs');
    const naiveAnswer = await naive();
    if (JSON.stringify(naiveAnswer) !== JSON.stringify(ours))
      throw new Error(`naive reference differs: ${naiveAnswer.join(',')} vs ${ours.join(',')}`);
    const timeOf = async (f: () => unknown) => {
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await f();
        ms.push(performance.now() - s);
      }
      return median(ms);
    };
    const engineMs = await timeOf(engine);
    const naiveMs = await timeOf(naive);
    await app.close();
    await platform.close();

    const coldMs: number[] = [];
    for (let r = 0; r < COLD_RUNS; r++) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), '--cold', dir],
        { encoding: 'utf8' },
      );
      if (child.status !== 0) throw new Error(child.stderr);
      const line = child.stdout.trim().split('\n').at(-1) as string;
      const out = JSON.parse(line) as { ms: number; matched: number };
      if (out.matched !== answer.matched) throw new Error('cold answer differs');
      coldMs.push(out.ms);
    }

    const w = median(warm);
    const c = median(coldMs);
    console.log(
      `screen over ${answer.evaluated} tickers, ${answer.matched} matches (${ours.length} returned), ${RUNS} runs`,
    );
    console.log(
      `warm: ours ${w.toFixed(2)} ms | engine only ${engineMs.toFixed(2)} ms (×${(w / engineMs).toFixed(2)}) | naive ${naiveMs.toFixed(2)} ms (×${(w / naiveMs).toFixed(2)}) | budget 50 ms (ratio ${(w / 50).toFixed(2)}) ${w <= 50 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `cold: ours ${c.toFixed(0)} ms (median of ${COLD_RUNS} fresh servers: ${coldMs.map((x) => x.toFixed(0)).join(', ')}) | budget 1000 ms (ratio ${(c / 1000).toFixed(2)}) ${c <= 1000 ? 'OK' : 'OVER'}`,
    );
  } finally {
    if (kept === '') rmSync(dir, { recursive: true, force: true });
  }
}

if (args[0] === '--cold') await cold(args[1] as string);
else await main();
