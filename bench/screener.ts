/**
 * Screener budget (issue #28): one screen with three conditions over 500 tickers × 20 years of daily bars,
 * ≤ 50 ms warm and ≤ 1 s cold, evaluated at each ticker's last bar, matches ranked and cut to 50.
 *
 *   node --conditions=development --import tsx bench/screener.ts [--tickers=500] [--years=20] [--repeats=15] [--cold-runs=5]
 *
 * Bars: the 70 Pooksoft S&P 500 tickers' adjusted daily OHLCV (../shared/data) resampled into `tickers`
 * series of `years` × 252 bars — seeded blocks of 20 consecutive real bars, each applied as ratios
 * (open, high, low, close to the previous close; volume as is) — so prices move like real stocks.
 * Screen: `rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7`, sort `-roc(20)`.
 *
 * - warm: compile + evaluate every ticker + rank, in this process after untimed warm-up runs; median.
 * - cold: the same, timed once in each of `cold-runs` fresh processes (JIT cold, first compile and first
 *   evaluation; data synthesis untimed); median. Loading bars from the store is not part of either: the
 *   route's own benchmark adds it.
 * - references, same bars, same answer (checked): `screener, whole history` — the same evaluator with
 *   every indicator computed over the whole history (what a tail saves); `naive` — the catalogue's batch
 *   functions through `computeIndicator` over each whole series, values read at the last bar, the
 *   condition in plain JavaScript. Ratios are reference time / screener time (higher = screener faster).
 * Prints wall and process CPU medians in ms.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CompiledScreen,
  compileScreen,
  computeIndicator,
  evaluateScreen,
  rankScreenResults,
  type ScreenBars,
  type SeriesInputs,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v = ''] = a.replace(/^--/, '').split('=');
    return [k ?? '', v] as const;
  }),
);
const TICKERS = Number(args.get('tickers') ?? 500);
const YEARS = Number(args.get('years') ?? 20);
const REPEATS = Number(args.get('repeats') ?? 15);
const COLD_RUNS = Number(args.get('cold-runs') ?? 5);
const WARM_BUDGET_MS = 50;
const COLD_BUDGET_MS = 1000;
const QUERY = {
  where: 'rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7',
  sort: '-roc(20)',
};
const LIMIT = 50;

/** Adjusted OHLCV of every Pooksoft ticker as per-bar ratios to the previous close. */
function realRatios(): { o: number; h: number; l: number; c: number; v: number }[][] {
  const dir = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => {
      const { header, rows } = readCsv(`${dir}/${f}`);
      const col = (name: string) => rows.map((r) => Number(r[header.indexOf(name)]));
      const [open, high, low, close, adj, volume] = [
        'open',
        'high',
        'low',
        'close',
        'adjusted_close',
        'volume',
      ].map(col);
      const k = close!.map((c, i) => adj![i]! / c);
      const out = [];
      for (let i = 1; i < rows.length; i++) {
        const prev = close![i - 1]! * k[i - 1]!;
        out.push({
          o: (open![i]! * k[i]!) / prev,
          h: (high![i]! * k[i]!) / prev,
          l: (low![i]! * k[i]!) / prev,
          c: (close![i]! * k[i]!) / prev,
          v: volume![i]!,
        });
      }
      return out;
    });
}

/** `count` series of `bars` bars, each from seeded 20-bar blocks of one real ticker's ratios. */
function synthesise(count: number, bars: number): ScreenBars[] {
  const sources = realRatios();
  let s = 42;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, (_, t) => {
    const src = sources[t % sources.length]!;
    const cols = { open: new Float64Array(bars), high: new Float64Array(bars), low: new Float64Array(bars) };
    const close = new Float64Array(bars);
    const volume = new Float64Array(bars);
    let price = 20 + 80 * rand();
    for (let i = 0; i < bars; ) {
      const start = Math.floor(rand() * (src.length - 20));
      for (let j = 0; j < 20 && i < bars; j++, i++) {
        const r = src[start + j]!;
        cols.open[i] = price * r.o;
        cols.high[i] = price * r.h;
        cols.low[i] = price * r.l;
        price *= r.c;
        close[i] = price;
        volume[i] = r.v;
      }
    }
    return { ...cols, close, volume };
  });
}

type Ranked = { ticker: number; matched: boolean; sort: number | null };

function compiled(): CompiledScreen {
  const r = compileScreen(QUERY);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.screen;
}

/** What the route does per request: compile, evaluate every ticker at its last bar, rank. */
function screen(universe: readonly ScreenBars[], wholeHistory = false): Ranked[] {
  let s = compiled();
  if (wholeHistory)
    s = {
      ...s,
      plan: { ...s.plan, computations: s.plan.computations.map((c) => ({ ...c, tail: undefined })) },
    };
  const rows = universe.map((bars, ticker) => {
    const e = evaluateScreen(s, bars, bars.close.length - 1);
    return { ticker, matched: e.matched, sort: e.sort };
  });
  return rankScreenResults(rows, { descending: true, limit: LIMIT });
}

/** The reference: catalogue batch functions over whole series, the condition in plain JavaScript. */
function naive(universe: readonly ScreenBars[]): Ranked[] {
  const last = (code: string, bars: SeriesInputs, params: Record<string, number>, output: string) => {
    const r = computeIndicator(code, bars, params);
    if (!r.ok) throw new Error(code);
    return r.outputs[output]!.at(-1)!;
  };
  const rows = universe.map((bars, ticker) => {
    const n = bars.close.length;
    const rsi = last('rsi', bars, { period: 14 }, 'rsi');
    const sma = last('sma', bars, { period: 200 }, 'sma');
    const roc = last('roc', bars, { period: 20 }, 'roc');
    const dollars = new Float64Array(n);
    for (let i = 0; i < n; i++) dollars[i] = bars.close[i]! * bars.volume[i]!;
    const adv = last('sma', { close: dollars }, { period: 20 }, 'sma');
    const matched = rsi < 30 && bars.close[n - 1]! > sma && adv > 1e7;
    return { ticker, matched, sort: Number.isFinite(roc) ? roc : null };
  });
  return rankScreenResults(rows, { descending: true, limit: LIMIT });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median wall and process-CPU ms of `REPEATS` runs after two untimed ones. */
function time(fn: () => unknown): { wall: number; cpu: number } {
  fn();
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < REPEATS; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const BARS = YEARS * 252;

if (args.has('cold-child')) {
  // One cold measurement: data made untimed, then the first screen this process ever runs.
  const universe = synthesise(TICKERS, BARS);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const ranked = screen(universe);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  process.stdout.write(
    `${JSON.stringify({ wall, cpu: (c.user + c.system) / 1000, matches: ranked.length })}\n`,
  );
} else {
  const universe = synthesise(TICKERS, BARS);
  const ours = screen(universe);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (
    !same(ours, screen(universe, true)) ||
    !same(
      ours.map((r) => r.ticker),
      naive(universe).map((r) => r.ticker),
    )
  )
    throw new Error('the screener and its references disagree');
  const warm = time(() => screen(universe));
  const whole = time(() => screen(universe, true));
  const ref = time(() => naive(universe));
  const cold = Array.from({ length: COLD_RUNS }, () => {
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--cold-child',
        `--tickers=${TICKERS}`,
        `--years=${YEARS}`,
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { wall: number; cpu: number };
  });
  const coldWall = median(cold.map((c) => c.wall));
  const coldCpu = median(cold.map((c) => c.cpu));
  console.log(
    `screener bench: ${TICKERS} tickers × ${BARS} bars (${YEARS} years), "${QUERY.where}" sort ${QUERY.sort}, limit ${LIMIT}: ${ours.length} matches`,
  );
  const row = (name: string, t: { wall: number; cpu: number }, note: string) =>
    console.log(
      `${name.padEnd(30)} ${t.wall.toFixed(2).padStart(9)} ${t.cpu.toFixed(2).padStart(9)}  ${note}`,
    );
  console.log(`${'case'.padEnd(30)} ${'wall ms'.padStart(9)} ${'cpu ms'.padStart(9)}`);
  row(
    'screener, warm',
    warm,
    `budget ${WARM_BUDGET_MS} ms, ratio ${(warm.wall / WARM_BUDGET_MS).toFixed(2)} (≤ 1 meets it)`,
  );
  row(
    'screener, cold (fresh process)',
    { wall: coldWall, cpu: coldCpu },
    `budget ${COLD_BUDGET_MS} ms, ratio ${(coldWall / COLD_BUDGET_MS).toFixed(2)}; median of ${COLD_RUNS} processes`,
  );
  row('screener, whole history', whole, `${(whole.wall / warm.wall).toFixed(1)}× the warm screener's time`);
  row('naive (computeIndicator)', ref, `${(ref.wall / warm.wall).toFixed(1)}× the warm screener's time`);
}
