/**
 * Market-data store write throughput: daily bars per second into SQLite and into PostgreSQL.
 *
 *   node --conditions=development --import tsx bench/ingest.ts [--repeats=3] [--only=sqlite|postgres]
 *     [--pg=postgres://postgres@127.0.0.1:5432/test] [--set=sp500]
 *
 * `--set=sp500`: the 487 files of `sp500/` instead (1,740,729 bars, the whole index 1999–2015; issue #41's
 * target: ≥ 200,000 rows/s on SQLite).
 *
 * Data: the 70 Pooksoft S&P 500 files in ../shared/data (Alpha Vantage layout, 284,760 bars, 74 splits,
 * thousands of dividends), parsed once up front (parsing is measured by bench/ingest-parse.ts). Each
 * repeat writes all 70 tickers into a fresh, migrated database exactly as `bellwether ingest` does — one
 * transaction per file, bars + actions + instrument — and then writes them all again (the idempotent
 * re-import: every row compared, nothing written), then all 70 files as ONE write whose rows all change
 * (the bulk path without per-file commits). SQLite is a file in the OS temp dir (WAL,
 * synchronous=FULL); PostgreSQL a fresh database `bw_bench_<random>` (dropped afterwards) next to --pg.
 * PostgreSQL is measured twice, repeats interleaved so both see the same machine load: the COPY path
 * (default: staging table + one merge) and the `unnest` path (`copy: false`) it replaced.
 * Prints the median bars/s of the repeats. Targets (issue): ≥ 100k bars/s SQLite, ≥ 200k bars/s PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataPath } from '@bellwether/fixtures';
import { createMarketDataRepo, type Instrument, type MarketWrite } from '@bellwether/server/market';
import { parseBars } from '@bellwether/server/market/ingest';
import { migrateToLatest, openStorage, type StorageOptions } from '@bellwether/server/storage';
import pg from 'pg';

const arg = (name: string, fallback: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;
const REPEATS = Number(arg('repeats', '3'));
const ONLY = arg('only', '');
const PG_URL = arg(
  'pg',
  process.env['BELLWETHER_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
);
const DIR = sharedDataPath(
  'Pooksoft__PooksoftSP500EquityPriceDataSet',
  arg('set', '') === 'sp500' ? 'sp500' : 'daily_adjusted',
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.csv'))
  .sort();
const writes: MarketWrite[] = files.map((f) => {
  const ticker = (/^DA-(.+)-T-/.exec(f)?.[1] ?? f).toUpperCase();
  const r = parseBars(readFileSync(join(DIR, f), 'utf8'));
  const source = `csv:${f}`;
  const instrument: Instrument = {
    ticker,
    name: ticker,
    exchange: 'XNYS',
    asset_class: 'equity',
    currency: 'USD',
    sector: null,
    calendar: 'XNYS',
    active: true,
    source,
  };
  return {
    source,
    ensureInstruments: [instrument],
    bars: [{ ticker, bars: r.bars }],
    actions: [{ ticker, actions: r.actions }],
    run: { kind: 'bars', ticker, skipped: 0 },
  };
});
const totalBars = writes.reduce((n, w) => n + (w.bars?.[0]?.bars.length ?? 0), 0);
console.log(`${files.length} files, ${totalBars.toLocaleString('en-US')} bars; ${REPEATS} repeats`);

/** All the files as one write (one transaction): the bulk path without per-file round trips and commits. */
const combined: MarketWrite = {
  source: 'csv:bench',
  ensureInstruments: writes.flatMap((w) => w.ensureInstruments ?? []),
  bars: writes.flatMap((w) => w.bars ?? []),
  actions: writes.flatMap((w) => w.actions ?? []),
};

interface Run {
  first: number;
  again: number;
  single: number;
}

async function once(options: StorageOptions, copy: boolean): Promise<Run> {
  const storage = await openStorage(options);
  try {
    await migrateToLatest(storage);
    const repo = createMarketDataRepo(storage, { copy });
    let t0 = performance.now();
    for (const w of writes) await repo.write(w);
    const first = performance.now() - t0;
    t0 = performance.now();
    for (const w of writes) {
      const o = await repo.write(w);
      if (o.total.inserted + o.total.updated !== 0) throw new Error('re-import changed rows');
    }
    const again = performance.now() - t0;
    // Every bar's source changes, so this rewrites every row as an update in one transaction.
    t0 = performance.now();
    const o = await repo.write(combined);
    if (o.bars.updated !== totalBars) throw new Error('combined write did not update every bar');
    return { first, again, single: performance.now() - t0 };
  } finally {
    await storage.close();
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Variant {
  readonly name: string;
  readonly copy: boolean;
  open(): Promise<{ options: StorageOptions; done: () => Promise<void> }>;
}

/** Runs the variants' repeats interleaved (A B A B …), then prints each one's medians. */
async function measure(variants: readonly Variant[]): Promise<void> {
  const runs = variants.map(() => [] as Run[]);
  for (let i = 0; i < REPEATS; i++) {
    for (const [v, variant] of variants.entries()) {
      const { options, done } = await variant.open();
      try {
        (runs[v] as Run[]).push(await once(options, variant.copy));
      } finally {
        await done();
      }
    }
  }
  const rate = (ms: number) => Math.round(totalBars / (ms / 1000)).toLocaleString('en-US');
  const show = (ms: number) => `median ${ms.toFixed(0)} ms = ${rate(ms)} bars/s`;
  for (const [v, variant] of variants.entries()) {
    const r = runs[v] as Run[];
    console.log(
      `${variant.name.padEnd(18)} first import: ${show(median(r.map((x) => x.first)))}` +
        `   re-import (unchanged): ${show(median(r.map((x) => x.again)))}` +
        `   one transaction, all rows updated: ${show(median(r.map((x) => x.single)))}`,
    );
  }
}

if (ONLY !== 'postgres') {
  await measure([
    {
      name: 'SQLite',
      copy: false,
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'bw-bench-'));
        return {
          options: { kind: 'sqlite', file: join(dir, 'bench.db') },
          done: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ]);
}

async function freshPostgres(): Promise<{ options: StorageOptions; done: () => Promise<void> }> {
  const name = `bw_bench_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.toString() },
    done: () => admin(`drop database if exists ${name} with (force)`),
  };
}

let pgReachable = ONLY !== 'sqlite';
try {
  if (pgReachable) await admin('select 1');
} catch {
  pgReachable = false;
  console.log(`PostgreSQL  skipped: ${PG_URL} unreachable`);
}
if (pgReachable) {
  await measure([
    { name: 'PostgreSQL COPY', copy: true, open: freshPostgres },
    { name: 'PostgreSQL unnest', copy: false, open: freshPostgres },
  ]);
}
