/**
 * Card publication budget (issue #9): one publication over N synthetic tickers × Y years (default 500 × 20,
 * budget 10 s), on an embedded (SQLite) platform in a temporary directory. Prints the median of the runs
 * and its ratio to the budget. The 70 × 16-year backtest budget (5 min) is measured with the CLI:
 * `bellwether backtest --from 2000-01-01 --to 2015-12-31` on the ingested Pooksoft files (docs/signals).
 *
 *   node --conditions=development --import tsx bench/signals.ts [--tickers 500] [--years 20] [--runs 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform } from '@bellwether/server';
import { publicationDeps, publishSession } from '@bellwether/server/cards';
import { seedSyntheticMarket } from '@bellwether/server/market';
import { embeddedConfig } from './embedded-config.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const TICKERS = arg('tickers', 500);
const YEARS = arg('years', 20);
const RUNS = arg('runs', 3);
const BUDGET_MS = 10_000;
const NOW = new Date('2026-11-25T17:00:00Z');

const dir = mkdtempSync(join(tmpdir(), 'bw-bench-signals-'));
try {
  const platform = await createPlatform(embeddedConfig(dir, NOW));
  const seeding = performance.now();
  await seedSyntheticMarket(platform.market, {
    seed: 42,
    tickers: TICKERS,
    years: YEARS,
    now: NOW,
    newsSessions: 0,
  });
  console.log(
    `seeded ${TICKERS} tickers × ${YEARS} years in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const deps = publicationDeps(platform);
  const sessions = ['2026-11-25', '2026-11-24', '2026-11-23', '2026-11-20', '2026-11-19'].slice(0, RUNS);
  const times: number[] = [];
  for (const session of sessions) {
    const t0 = performance.now();
    const r = await publishSession(deps, { session, backfill: true });
    times.push(performance.now() - t0);
    console.log(
      `publish ${session}: ${(times.at(-1) as number).toFixed(0)} ms`,
      r.ok
        ? `${r.cards} cards, ${r.tickers_scanned} tickers, ${r.calibration_samples} calibration samples`
        : r.message,
    );
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  console.log(
    `median ${median.toFixed(0)} ms; budget ${BUDGET_MS} ms; ratio ${(median / BUDGET_MS).toFixed(2)} (≤ 1 meets it)`,
  );
  await platform.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
