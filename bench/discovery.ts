/**
 * Discovery routes (issue #28), in-process on an embedded (SQLite) platform, each beside references run in
 * the same process on the same database, through `app.inject` (wall time per request, the same client-side
 * cost on both sides):
 *
 * 1. `GET /instruments?q=…` over a universe of 5,000 instruments (100 synthetic tickers with 20 years of
 *    bars, the rest named instruments): budget ≤ 5 ms. References: a bare Fastify route doing the naive
 *    search (read the whole master through the public port, substring filter, sort, first page), and a bare
 *    route sending our answer's bytes (the floor: routing and the send, no work).
 * 2. `GET /bars` for one ticker over 20 years, warm (its history cached, as on a running server): budget
 *    ≤ 10 ms. References: a bare route that reads the same series through the public port and
 *    JSON.stringifies its columns, and a bare route sending our answer's bytes.
 *
 * Prints medians, our ratio to each reference and to the budget.
 *
 *   node --conditions=development --import tsx bench/discovery.ts [--instruments 5000] [--years 20] [--runs 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createPlatform, depsFromPlatform } from '@bellwether/server';
import { type Instrument, seedSyntheticMarket } from '@bellwether/server/market';
import { generateUniverse } from '@bellwether/server/market/synthetic';
import Fastify, { type FastifyInstance } from 'fastify';
import { benchKey } from './bench-key.js';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const INSTRUMENTS = arg('instruments', 5000);
const YEARS = arg('years', 20);
const RUNS = arg('runs', 200);
const WITH_BARS = 100;
const NOW = new Date('2026-11-25T17:00:00Z');

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Median wall time of `runs` requests (after a few unmeasured ones), each answered 200. */
async function time(app: FastifyInstance, urls: readonly string[], headers: Record<string, string>) {
  for (const url of urls.slice(0, 5)) await app.inject({ url, headers });
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const url = urls[i % urls.length] as string;
    const t0 = performance.now();
    const res = await app.inject({ url, headers });
    ms.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return median(ms);
}

/** A bare Fastify app (no auth, limits or validation) answering GET /ref with `handler`. */
async function bare(
  handler: (q: Record<string, string>) => Promise<string> | string,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/ref', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await handler(request.query as Record<string, string>)),
  );
  await app.ready();
  return app;
}

function report(label: string, ours: number, refs: Record<string, number>, budget: number) {
  const parts = Object.entries(refs).map(
    ([name, ms]) => `${name} ${ms.toFixed(2)} ms (×${(ours / ms).toFixed(2)})`,
  );
  console.log(
    `${label}: ours ${ours.toFixed(2)} ms | ${parts.join(' | ')} | budget ${budget} ms (ratio ${(ours / budget).toFixed(2)}) ${ours <= budget ? 'OK' : 'OVER'}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bw-bench-discovery-'));
try {
  const platform = await createPlatform(embeddedConfig(dir, NOW));
  const t0 = performance.now();
  await seedSyntheticMarket(platform.market, {
    seed: 42,
    tickers: WITH_BARS,
    years: YEARS,
    now: NOW,
    newsSessions: 0,
  });
  const seeded = new Set((await platform.market.listInstruments()).map((i) => i.ticker));
  const more: Instrument[] = generateUniverse({ seed: 9, tickers: INSTRUMENTS })
    .instruments.filter((i) => !seeded.has(i.ticker))
    .slice(0, INSTRUMENTS - seeded.size)
    .map((i) => ({
      ticker: i.ticker,
      name: i.name,
      exchange: i.exchange,
      asset_class: i.asset_class,
      currency: i.currency,
      sector: i.sector,
      calendar: i.calendar,
      active: true,
      source: 'bench',
    }));
  await platform.market.write({ source: 'bench', instruments: more });
  const universe = await platform.market.listInstruments();
  console.log(
    `${universe.length} instruments (${WITH_BARS} with ${YEARS} years of bars) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const key = await benchKey(platform);
  const headers = { authorization: `Bearer ${key}` };
  const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
  await app.ready();

  // Searches as people type them: two letters, a name's first syllables, a whole ticker, a name word.
  const pick = (n: number) => universe[(n * 7919) % universe.length] as Instrument;
  const queries = Array.from({ length: 40 }, (_, n) => {
    const i = pick(n);
    return [i.ticker.slice(0, 2), i.name.slice(0, 4), i.ticker, i.name.split(' ')[0] ?? i.name][
      n % 4
    ] as string;
  });
  const ourUrls = queries.map((q) => `/api/v1/instruments?q=${encodeURIComponent(q)}`);
  const naive = await bare(async ({ q = '' }) => {
    const needle = q.toLowerCase();
    const found = (await platform.market.listInstruments())
      .filter((i) => i.ticker.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle))
      .sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
    return JSON.stringify({ total: found.length, data: found.slice(0, 50) });
  });
  const searchBytes = new Map<string, string>();
  for (const [n, q] of queries.entries())
    searchBytes.set(q, (await app.inject({ url: ourUrls[n] as string, headers })).body);
  const bytes = await bare(({ q = '' }) => searchBytes.get(q) ?? '');
  const refUrls = queries.map((q) => `/ref?q=${encodeURIComponent(q)}`);
  const naiveMs = await time(naive, refUrls, {});
  report(
    `instruments search (${universe.length} instruments, 40 queries)`,
    await time(app, ourUrls, headers),
    { 'naive scan': naiveMs, 'bare bytes': await time(bytes, refUrls, {}) },
    5,
  );

  // The first time a query is asked: the bars of its page's instruments are looked up in the store.
  const firstMs: number[] = [];
  for (let n = 40; n < 80; n++) {
    const i = pick(n);
    const q = [i.ticker.slice(0, 3), i.name.slice(0, 5), i.ticker, i.name][n % 4] as string;
    const f0 = performance.now();
    const res = await app.inject({ url: `/api/v1/instruments?q=${encodeURIComponent(q)}`, headers });
    firstMs.push(performance.now() - f0);
    if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
  }
  report(
    'instruments search, 40 other queries each the first time',
    median(firstMs),
    { 'naive scan': naiveMs },
    5,
  );

  const ticker = [...seeded].sort()[0] as string;
  const barsUrl = `/api/v1/bars?ticker=${ticker}`;
  const ours = await app.inject({ url: barsUrl, headers });
  const count = ours.json().results[0].count as number;
  const columns = await bare(async () => {
    const s = await platform.market.getDailySeries(ticker, { asOf: NOW, adjustment: 'split_div' });
    if (s === undefined) throw new Error('no series');
    return JSON.stringify({
      dates: s.dates,
      open: Array.from(s.open),
      high: Array.from(s.high),
      low: Array.from(s.low),
      close: Array.from(s.close),
      volume: Array.from(s.volume),
    });
  });
  const barsBytes = await bare(() => ours.body);
  report(
    `bars, one ticker × ${YEARS} years (${count} bars, split_div, JSON, warm)`,
    await time(app, [barsUrl], headers),
    {
      'port + JSON.stringify': await time(columns, ['/ref'], {}),
      'bare bytes': await time(barsBytes, ['/ref'], {}),
    },
    10,
  );
  // "Cold": each request names a ticker not asked before (its bars are formatted anew), its history already
  // in the market cache as on a running server.
  const others = [...seeded].sort().slice(1);
  for (const t of others) await platform.market.getDailySeries(t, { asOf: NOW, adjustment: 'split_div' });
  const coldMs: number[] = [];
  for (const t of others) {
    const c0 = performance.now();
    const res = await app.inject({ url: `/api/v1/bars?ticker=${t}`, headers });
    coldMs.push(performance.now() - c0);
    if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
  }
  report(
    `bars, one ticker × ${YEARS} years (split_div, JSON, cold: formatted anew)`,
    median(coldMs),
    { 'port + JSON.stringify': await time(columns, ['/ref'], {}) },
    10,
  );
  // The same bars one per line: ~2.5 times the bytes of the columns, so the send weighs more.
  const lines = (await app.inject({ url: `${barsUrl}&format=ndjson`, headers })).body;
  const linesBytes = await bare(() => lines);
  report(
    `bars, one ticker × ${YEARS} years (${count} bars, split_div, NDJSON, warm)`,
    await time(app, [`${barsUrl}&format=ndjson`], headers),
    {
      'port + JSON.stringify': await time(columns, ['/ref'], {}),
      'bare bytes': await time(linesBytes, ['/ref'], {}),
    },
    10,
  );
  await Promise.all([
    app.close(),
    naive.close(),
    bytes.close(),
    columns.close(),
    barsBytes.close(),
    linesBytes.close(),
  ]);
  await platform.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
