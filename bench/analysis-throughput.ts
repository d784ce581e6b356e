/**
 * Analysis job throughput versus worker count (issue #14): an embedded (SQLite) server in this process,
 * seeded with `--tickers` synthetic tickers of `--years` years, runs `--jobs` analyses (Full by default,
 * a different ticker each, so no report is reused) submitted at once through `POST /api/v1/analysis`,
 * with 1, 2, … worker threads. Prints jobs/s per worker count (median of `--rounds`) and the speed-up over
 * one worker. Each worker is a thread running the whole report (load, compute, store), as in
 * `bellwether serve` and in each `bellwether worker` process; on a machine with C cores the speed-up is
 * bounded by C (the main thread also serves HTTP and writes results).
 *
 *   node --conditions=development --import tsx bench/analysis-throughput.ts [--workers 1,2] [--jobs 40] [--tier Full] [--tickers 40] [--years 20] [--rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createPlatform, DEFAULT_ANALYSIS_CONFIG, depsFromPlatform } from '@bellwether/server';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const option = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : (args[i + 1] ?? dflt);
};
const WORKERS = option('workers', '1,2').split(',').map(Number);
const JOBS = Number(option('jobs', '40'));
const TIER = option('tier', 'Full');
const TICKERS = Number(option('tickers', '40'));
const YEARS = Number(option('years', '20'));
const ROUNDS = Number(option('rounds', '3'));
const NOW = new Date('2026-11-25T17:00:00Z');

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One run: a fresh data directory, `workers` threads, `JOBS` submissions at once; returns jobs/s. */
async function run(workers: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-throughput-'));
  const platform = await createPlatform(
    embeddedConfig(dir, NOW, {
      // One account may queue a fifth of the queue: five times the batch lets the bench's one account
      // submit all of it at once.
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: workers, queueLimit: JOBS * 5 },
    }),
  );
  try {
    await seedSyntheticMarket(platform.market, { seed: 7, tickers: TICKERS, years: YEARS, now: NOW });
    const tickers = (await platform.market.listInstruments()).map((i) => i.ticker);
    const key = await benchKey(platform, { burst: 100_000 });
    const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
    await app.ready();
    const auth = { authorization: `Bearer ${key}` };
    const submitAll = (jobs: readonly { ticker: string; tier: string }[]) =>
      Promise.all(
        jobs.map(async (body) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/analysis',
            headers: { ...auth, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          if (res.statusCode !== 202) throw new Error(`submit: ${res.statusCode} ${res.body}`);
          return (res.json() as { job_id: string }).job_id;
        }),
      );
    const finish = async (ids: readonly string[]) => {
      for (const id of ids) {
        for (;;) {
          const res = await app.inject({ url: `/api/v1/analysis/${id}?wait=20`, headers: auth });
          const status = (res.json() as { status: string }).status;
          if (status === 'succeeded') break;
          if (status === 'failed' || status === 'canceled') throw new Error(`job ${id} ${status}`);
        }
      }
    };
    // Warm-up, untimed: one Light job per worker starts every thread (module loading is not throughput).
    await finish(
      await submitAll(Array.from({ length: workers }, (_, i) => ({ ticker: tickers[i]!, tier: 'Light' }))),
    );
    const started = performance.now();
    await finish(
      await submitAll(
        Array.from({ length: JOBS }, (_, i) => ({ ticker: tickers[i % tickers.length]!, tier: TIER })),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    await app.close();
    return JOBS / seconds;
  } finally {
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<number, number>();
for (const w of WORKERS) {
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) rates.push(await run(w));
  results.set(w, median(rates));
}
const base = results.get(WORKERS[0]!) ?? Number.NaN;
console.log(
  `analysis throughput — ${JOBS} ${TIER} jobs at once, ${TICKERS} tickers × ${YEARS} years, ` +
    `median of ${ROUNDS} rounds, ${availableParallelism()} cores`,
);
for (const [w, rate] of results) {
  console.log(
    `  ${String(w).padStart(2)} worker${w === 1 ? ' ' : 's'}  ${rate.toFixed(1).padStart(7)} jobs/s   ×${(rate / base).toFixed(2)} vs ${WORKERS[0]}`,
  );
}
