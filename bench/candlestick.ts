/**
 * Candlestick benchmark: all 61 patterns, ours vs TA-Lib C, on the same 1M real bars.
 *
 *   node --conditions=development --import tsx bench/candlestick.ts [--bars=1000000] [--repeats=5] [--only=cdldoji,cdlhammer]
 *
 * Bars: the 70 Pooksoft S&P 500 tickers' raw daily OHLC (../shared/data, 284,760 bars) tiled until
 * `bars` is reached — real candles give realistic pattern frequencies (random walks without gaps never
 * trigger the gap patterns). Ours runs through the catalogue entry (`compute`, Float64Array in, signal
 * and confidence out); TA-Lib C runs through `talib.execute` with plain arrays (signal only), which is
 * how the binding is used. Prints per-pattern medians in ms and ours/TA-Lib (lower is better).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CANDLESTICK_DEFINITIONS, CANDLESTICK_PATTERNS } from '@bellwether/analytics/patterns';
import { sharedDataPath } from '@bellwether/fixtures';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v = ''] = a.replace(/^--/, '').split('=');
    return [k ?? '', v] as const;
  }),
);
const bars = Number(args.get('bars') ?? 1_000_000);
const repeats = Number(args.get('repeats') ?? 5);
const only = args.get('only')?.split(',').filter(Boolean);

const talib = createRequire(import.meta.url)('talib') as {
  execute(spec: Record<string, unknown>): { error?: string; nbElement: number };
};

const DATA = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');

function loadBars(n: number): { open: number[]; high: number[]; low: number[]; close: number[] } {
  const cols = { open: [] as number[], high: [] as number[], low: [] as number[], close: [] as number[] };
  const files = readdirSync(DATA)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  const rows = files.flatMap((f) =>
    readFileSync(join(DATA, f), 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(',').slice(1, 5).map(Number)),
  );
  for (let i = 0; i < n; i++) {
    const [o, h, l, c] = rows[i % rows.length]!;
    cols.open.push(o!);
    cols.high.push(h!);
    cols.low.push(l!);
    cols.close.push(c!);
  }
  return cols;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median wall time in ms over `repeats` runs after one untimed warm-up run. */
function time(fn: () => unknown): number {
  let sink = fn();
  const samples: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    sink = fn();
    samples.push(performance.now() - t0);
  }
  if (sink === Symbol.for('never')) console.log('unreachable');
  return median(samples);
}

const plain = loadBars(bars);
const typed = {
  open: Float64Array.from(plain.open),
  high: Float64Array.from(plain.high),
  low: Float64Array.from(plain.low),
  close: Float64Array.from(plain.close),
};

console.log(
  `candlestick patterns on ${bars.toLocaleString('en')} real bars (70 tickers tiled), median of ${repeats} runs (ms)`,
);
console.log(`node ${process.version}`);
const header = ['pattern', 'ours', 'TA-Lib C', 'ours/TA-Lib'];
const widths = [20, 10, 10, 12];
const line = (r: readonly string[]): string =>
  r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  ');
console.log(line(header));
const ratios: number[] = [];
let oursTotal = 0;
let talibTotal = 0;
for (const def of CANDLESTICK_DEFINITIONS) {
  if (only !== undefined && !only.includes(def.code)) continue;
  const meta = CANDLESTICK_PATTERNS.find((m) => m.code === def.code)!;
  const options = def.penetration === undefined ? {} : { optInPenetration: def.penetration };
  const ours = time(() => meta.compute(typed, {}));
  const ta = time(() => {
    const r = talib.execute({
      name: def.code.toUpperCase(),
      startIdx: 0,
      endIdx: bars - 1,
      ...plain,
      ...options,
    });
    if (r.error !== undefined) throw new Error(r.error);
    return r;
  });
  oursTotal += ours;
  talibTotal += ta;
  ratios.push(ours / ta);
  console.log(line([def.code, ours.toFixed(2), ta.toFixed(2), (ours / ta).toFixed(2)]));
}
console.log(
  `total ${oursTotal.toFixed(1)} ms vs ${talibTotal.toFixed(1)} ms (ours/TA-Lib ${(oursTotal / talibTotal).toFixed(2)}); ` +
    `median per-pattern ratio ${median(ratios).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)}`,
);
