/**
 * Chart-pattern and support/resistance benchmark.
 *
 *   node --conditions=development --import tsx bench/chart-patterns.ts [--repeats=15] [--bars=1000000]
 *   (add --expose-gc to collect garbage before every timed run, for steadier numbers)
 *
 * Cases: 20 years of real daily S&P 500 index bars (the last 5,040 rows of
 * ../shared/data/posit-dev__great-tables/04-sp500.csv, which is stored newest first and reversed here),
 * and a seeded random walk of `bars` bars. Prints, for the zig-zag alone, detectChartPatterns and
 * detectSupportResistance, the median and minimum wall time and the median CPU time in ms of `repeats`
 * runs after one untimed warm-up.
 */
import { readFileSync } from 'node:fs';
import { atr as averageTrueRange } from '@bellwether/analytics/indicators';
import { detectChartPatterns, detectSupportResistance, zigZag } from '@bellwether/analytics/patterns';
import { sharedDataPath } from '@bellwether/fixtures';

interface Bars {
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v = ''] = a.replace(/^--/, '').split('=');
    return [k ?? '', v] as const;
  }),
);
const repeats = Number(args.get('repeats') ?? 15);
const randomCount = Number(args.get('bars') ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;

function sp500Daily(years: number): Bars {
  const file = sharedDataPath('posit-dev__great-tables', '04-sp500.csv');
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .slice(0, years * 252)
    .reverse()
    .map((l) => l.split(',').map(Number));
  return {
    high: Float64Array.from(rows, (r) => r[2]!),
    low: Float64Array.from(rows, (r) => r[3]!),
    close: Float64Array.from(rows, (r) => r[4]!),
  };
}

/** Seeded random walk with regime switches (mulberry32), so that patterns occur at a realistic rate. */
function randomWalk(n: number, seed = 42): Bars {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  let price = 100;
  let drift = 0;
  let vol = 0.01;
  for (let i = 0; i < n; i++) {
    if (rnd() < 0.02) drift = (rnd() - 0.5) * 0.004;
    if (rnd() < 0.01) vol = 0.005 + rnd() * 0.02;
    const open = price;
    price = Math.max(0.01, price * (1 + drift + (rnd() - 0.5) * 2 * vol));
    high[i] = Math.max(open, price) * (1 + rnd() * vol);
    low[i] = Math.min(open, price) * (1 - rnd() * vol);
    close[i] = price;
  }
  return { high, low, close };
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Median and minimum wall time and median CPU time (user + system, this process) in ms of `repeats` runs
 * after one warm-up. On a shared, loaded machine the CPU time is the steadier figure.
 */
function time(fn: () => unknown): string {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < repeats; r++) {
    gc?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return [median(wall), Math.min(...wall), median(cpu)].map((v) => v.toFixed(2).padStart(11)).join('');
}

const head = ['median', 'min', 'cpu median'].map((h) => h.padStart(11)).join('');
console.log(
  `chart patterns, ${repeats} runs after a warm-up (ms); node ${process.version}${gc ? ', gc before each run' : ''}`,
);
for (const [label, bars] of [
  ['S&P 500 daily, 20 years (5,040 bars)', sp500Daily(20)],
  [`random walk, ${randomCount.toLocaleString('en')} bars`, randomWalk(randomCount)],
] as const) {
  // The public ATR (the pattern engine's internal Wilder form differs from it in the last bit only).
  const atr = averageTrueRange(bars.high, bars.low, bars.close, 14);
  const result = detectChartPatterns(bars);
  console.log(`\n${label}: ${result.swings.length} swings, ${result.patterns.length} patterns`);
  console.log(`  ${''.padEnd(32)}${head}`);
  console.log(`  ${'zigZag (ATR 14, 2 ATR)'.padEnd(32)}${time(() => zigZag(bars.high, bars.low, atr, 2))}`);
  console.log(`  ${'detectChartPatterns (defaults)'.padEnd(32)}${time(() => detectChartPatterns(bars))}`);
  console.log(`  ${'detectSupportResistance'.padEnd(32)}${time(() => detectSupportResistance(bars))}`);
}
