/**
 * Indicator benchmark: ours vs TA-Lib C vs the fastest JS peers, side by side in one process.
 *
 *   node --expose-gc --import tsx bench/indicators.ts [--bars=1000000] [--repeats=7] [--only=sma,rsi]
 *
 * Generates seeded OHLCV bars, runs every case `repeats` times per implementation (peers fewer
 * times when slow), and prints medians in ms with two ratios: `vs peer` = fastest JS peer time / ours
 * (speed-up, higher is better) and `vs TA-Lib` = ours / TA-Lib C time (lower is better; ≤1.5 is the bar).
 * The TA-Lib column is `talib.execute` on plain arrays, so it includes the binding's copy of the input
 * into C arrays and of the output back. A second table lists best-of-runs times, which are steadier
 * than medians when other processes share the CPU.
 */
import { type BenchBars, generateBars, type IndicatorBenchCase } from './indicator-case.js';
import { INDICATOR_CASES_A } from './indicators-a.js';
import { INDICATOR_CASES_B } from './indicators-b.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v = ''] = a.replace(/^--/, '').split('=');
    return [k ?? '', v] as const;
  }),
);
const bars = Number(args.get('bars') ?? 1_000_000);
const repeats = Number(args.get('repeats') ?? 7);
const only = args.get('only')?.split(',').filter(Boolean);
const gc = (globalThis as { gc?: () => void }).gc;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Best (minimum) time of each measurement, keyed like the table rows — steadier on a shared machine. */
const best = new Map<string, number>();

/** Median wall time in ms; one untimed warm-up run first. Slow implementations get fewer runs. */
function time(fn: (b: BenchBars) => unknown, b: BenchBars, key: string): number {
  let sink: unknown = fn(b);
  const samples: number[] = [];
  for (let r = 0; r < repeats; r++) {
    gc?.();
    const t0 = performance.now();
    sink = fn(b);
    samples.push(performance.now() - t0);
    if (samples.length >= 3 && median(samples) > 1500) break;
  }
  if (sink === Symbol.for('never')) console.log('unreachable');
  best.set(key, Math.min(...samples));
  return median(samples);
}

const fmt = (ms: number | undefined): string => (ms === undefined ? '—' : ms.toFixed(2));
const ratio = (x: number | undefined, digits = 1): string => (x === undefined ? '—' : x.toFixed(digits));

const cases: readonly IndicatorBenchCase[] = [...INDICATOR_CASES_A, ...INDICATOR_CASES_B].filter(
  (c) => only === undefined || only.some((o) => c.label.toLowerCase().startsWith(o.toLowerCase())),
);
const b = generateBars(bars);
console.log(`indicators on ${bars.toLocaleString('en')} seeded bars, median of up to ${repeats} runs (ms)`);
console.log(`node ${process.version}${gc ? '' : ' (run with --expose-gc for steadier numbers)'}`);
const header = ['indicator', 'ours', 'TA-Lib C', 'technicalind.', 'trading-sig.', 'vs peer ×', 'ours/TA-Lib'];
const rows: string[][] = [];
for (const c of cases) {
  const ours = time(c.ours, b, `${c.label}/ours`);
  const tl = c.talib ? time(c.talib, b, `${c.label}/talib`) : undefined;
  const ti = c.peers?.technicalindicators ? time(c.peers.technicalindicators, b, `${c.label}/ti`) : undefined;
  const ts = c.peers?.['trading-signals'] ? time(c.peers['trading-signals'], b, `${c.label}/ts`) : undefined;
  const peer = [ti, ts].filter((x): x is number => x !== undefined);
  const fastestPeer = peer.length > 0 ? Math.min(...peer) : undefined;
  const row = [
    c.label,
    fmt(ours),
    fmt(tl),
    fmt(ti),
    fmt(ts),
    ratio(fastestPeer === undefined ? undefined : fastestPeer / ours),
    ratio(tl === undefined ? undefined : ours / tl, 2),
  ];
  rows.push(row);
  console.log(row.join('\t'));
}
console.log('\nsummary (medians)');
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: readonly string[]): string => r.map((x, i) => x.padStart(widths[i]!)).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));

console.log('\nbest-of-runs (ms): ours, TA-Lib C, technicalindicators, trading-signals, fastest peer / ours');
for (const c of cases) {
  const g = (k: string): number | undefined => best.get(`${c.label}/${k}`);
  const peers = [g('ti'), g('ts')].filter((x): x is number => x !== undefined);
  const sp = peers.length > 0 ? Math.min(...peers) / g('ours')! : undefined;
  console.log([c.label, fmt(g('ours')), fmt(g('talib')), fmt(g('ti')), fmt(g('ts')), ratio(sp)].join('\t'));
}
