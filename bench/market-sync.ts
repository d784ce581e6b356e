/**
 * The market-data sync against a loopback Tiingo with rate limits off (issue #24): a first backfill of
 * 500 tickers × 20 years, then an incremental sync of the same 500 a session later.
 *
 *   node --conditions=development --import tsx bench/market-sync.ts [--tickers=500] [--years=20] [--runs=3]
 *
 * The stand-in answers Tiingo's documented end-of-day format (one JSON array of raw bars with `divCash` and
 * `splitFactor` per day, weekdays from `startDate` to `endDate`), built per request like a provider's
 * server would. Each run starts from a fresh SQLite data directory and drives `runMarketSync` exactly as
 * `bellwether sync` does (HTTP, parsing, budgets, one transaction per ticker with its checkpoint).
 * Reference, side by side: the same bars written straight into a fresh store by the repository (one write
 * per ticker, no HTTP, no parsing): the ratio says what the sync adds over the store's own cost.
 * Prints medians over the runs and the peak RSS sampled every 50 ms. Targets: backfill ≤ 60 s,
 * incremental ≤ 10 s plus provider wait, memory bounded (one ticker's answer at a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform, parseMarketSyncConfig } from '@bellwether/server';
import { type Bar, bareInstrument, createMarketDataRepo, runMarketSync } from '@bellwether/server/market';
import { migrateToLatest, openStorage } from '@bellwether/server/storage';
import { embeddedConfig } from './embedded-config.js';

const arg = (name: string, fallback: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;
const TICKERS = Number(arg('tickers', '500'));
const YEARS = Number(arg('years', '20'));
const RUNS = Number(arg('runs', '3'));
const LAST = '2024-01-10';
const NEXT = '2024-01-11';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const DAY = 86_400_000;
/** Weekdays from `from` to `to` inclusive (the stand-in's sessions). */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

function bars(ticker: string, from: string, to: string): Bar[] {
  let h = 0;
  for (const c of ticker) h = (h * 31 + c.charCodeAt(0)) % 9973;
  return weekdays(from, to).map((date) => {
    const day = Date.parse(`${date}T00:00:00Z`) / DAY;
    const close = Math.round((60 + (h % 300) + 8 * Math.sin(day / 9 + h)) * 100) / 100;
    return { date, open: close, high: close + 0.5, low: close - 0.5, close, volume: 100_000 + (h % 1000) };
  });
}

/** A Tiingo stand-in that has published bars through `last`. */
async function fakeTiingo(): Promise<{
  url: string;
  setLast: (d: string) => void;
  requests: () => number;
  close: () => Promise<void>;
}> {
  let last = LAST;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    const ticker = (url.pathname.split('/')[3] ?? '').toUpperCase();
    const from = url.searchParams.get('startDate') ?? '2000-01-01';
    const end = url.searchParams.get('endDate') ?? last;
    const rows = bars(ticker, from, end < last ? end : last).map((b) => ({
      date: `${b.date}T00:00:00.000Z`,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      divCash: 0,
      splitFactor: 1,
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rows));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setLast: (d) => {
      last = d;
    },
    requests: () => requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const tickers = Array.from({ length: TICKERS }, (_, i) => `T${String(i).padStart(4, '0')}`);
const fake = await fakeTiingo();
const env: Record<string, string> = {
  BELLWETHER_TIINGO_TOKEN: 'bench',
  BELLWETHER_TIINGO_BASE_URL: fake.url,
  BELLWETHER_TIINGO_PER_MINUTE: '10000000',
  BELLWETHER_TIINGO_PER_HOUR: '10000000',
  BELLWETHER_TIINGO_PER_DAY: '10000000',
  BELLWETHER_BACKFILL_YEARS: String(YEARS),
};
const errors: string[] = [];
const market = parseMarketSyncConfig(errors, (n) => env[n]);
if (errors.length > 0) throw new Error(errors.join('; '));

const backfill: number[] = [];
const incremental: number[] = [];
const reference: number[] = [];
let barsWritten = 0;
let requestsPerIncremental = 0;
for (let run = 0; run < RUNS; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'bw-bench-sync-'));
  fake.setLast(LAST);
  let now = new Date(`${LAST}T23:00:00Z`);
  const platform = await createPlatform({ ...embeddedConfig(dir, now), market });
  await platform.syncState.addToUniverse(tickers);
  const deps = { config: market, market: platform.market, state: platform.syncState, now: () => now };
  let t = performance.now();
  const first = await runMarketSync(deps);
  backfill.push((performance.now() - t) / 1000);
  if (!first.ok || first.counts.synced !== TICKERS) throw new Error(JSON.stringify(first).slice(0, 500));
  barsWritten = first.results.reduce((a, r) => a + (r.outcome === 'synced' ? r.bars.inserted : 0), 0);
  fake.setLast(NEXT);
  now = new Date(`${NEXT}T23:00:00Z`);
  const before = fake.requests();
  t = performance.now();
  const second = await runMarketSync(deps);
  incremental.push((performance.now() - t) / 1000);
  requestsPerIncremental = fake.requests() - before;
  if (!second.ok || second.counts.synced !== TICKERS) throw new Error(JSON.stringify(second).slice(0, 500));
  await platform.close();
  rmSync(dir, { recursive: true, force: true });

  // Reference: the same bars straight into a fresh store, one write per ticker.
  const refDir = mkdtempSync(join(tmpdir(), 'bw-bench-sync-ref-'));
  const storage = await openStorage({ kind: 'sqlite', file: join(refDir, 'db.sqlite') });
  await migrateToLatest(storage);
  const repo = createMarketDataRepo(storage);
  const from = `${Number(LAST.slice(0, 4)) - YEARS}${LAST.slice(4)}`;
  t = performance.now();
  for (const ticker of tickers)
    await repo.write({
      source: 'tiingo',
      ensureInstruments: [bareInstrument(ticker, 'tiingo')],
      bars: [{ ticker, bars: bars(ticker, from, LAST) }],
    });
  reference.push((performance.now() - t) / 1000);
  await storage.close();
  rmSync(refDir, { recursive: true, force: true });
}
clearInterval(sampler);
await fake.close();

const b = median(backfill);
const r = median(reference);
console.log(
  `market sync, ${TICKERS} tickers × ${YEARS} years, loopback Tiingo, rate limits off, ${RUNS} runs`,
);
console.log(
  `  backfill:     median ${b.toFixed(2)} s (${backfill.map((x) => x.toFixed(2)).join(', ')}) — ${Math.round(barsWritten / b).toLocaleString('en-US')} bars/s, ${barsWritten.toLocaleString('en-US')} bars; target ≤ 60 s`,
);
console.log(
  `  reference:    median ${r.toFixed(2)} s (store writes alone, same bars) — sync/reference ${(b / r).toFixed(2)}×`,
);
console.log(
  `  incremental:  median ${median(incremental).toFixed(2)} s (${incremental.map((x) => x.toFixed(2)).join(', ')}), ${requestsPerIncremental} requests; target ≤ 10 s`,
);
console.log(`  peak RSS:     ${Math.round(peakRss / 2 ** 20)} MB (whole process, both sides)`);
