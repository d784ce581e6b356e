/**
 * Indicator benchmark: ours vs TA-Lib C vs the fastest JS peer, side by side in one run.
 *
 *   node --expose-gc --conditions=development --import tsx bench/indicators.ts [--bars=1000000] [--repeats=7] [--own-repeats=15]
 *        [--only=sma,rsi]
 *        [--talib-npm] [--no-talib-c] [--no-peers] [--clock=wall|cpu]
 *
 * Targets (the issue): on 1,000,000 bars, ours ≥ 5× faster than the fastest JS peer
 * (technicalindicators, trading-signals) and ours ≤ 1.5× TA-Lib C's time, per indicator.
 *
 * - ours / peers: median wall time of `repeats` runs for the peers and `own-repeats` runs for ours and
 *   TA-Lib C, which take milliseconds (one untimed warm-up; slow peers get fewer runs).
 *   Every column produces the full output series: trading-signals' streaming classes are fed every
 *   bar and each `add` result is stored in a preallocated array (see `feed` in indicator-case.ts).
 * - TA-Lib C: bench/talib-c/bench.c, built by bench/talib-c/build.sh against the static TA-Lib 0.4
 *   libraries of the `talib` npm package, run as a child process on the very same bars (written to a
 *   temp file) before the JS timings. It times TA_CallFunc with output buffers allocated up front —
 *   no binding, no copies. "n/a" when no C compiler or the libraries are missing. The ≤1.5 verdict
 *   is against that time. `C+alloc` (context only) also callocs and frees the outputs per call, as a
 *   function returning fresh arrays must (ours allocate every output with new Float64Array).
 * - `--clock=cpu` times process CPU time (node: process.cpuUsage, which also counts V8's helper
 *   threads; C: CLOCK_PROCESS_CPUTIME_ID) instead of wall time — steadier when other processes load
 *   the cores, since a descheduled process is not charged.
 * - `--talib-npm` adds the old `talib.execute` column (binding + array copies), for reference.
 * - Processes: TA-Lib C in its harness (bench/talib-c), ours here for every case, and each case's
 *   JS peers in a fresh child (bench/indicators-peers.ts) — what else ran in a process changes how
 *   V8 runs a library's code (see that file). All get the same seeded bars and options in one run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchBars, generateBars, type IndicatorBenchCase, recordTalibCalls } from './indicator-case.js';
import { parseTimingOptions, selectCases, type Timing, timeRuns } from './indicator-timing.js';
import { INDICATOR_CASES_A } from './indicators-overlap-momentum.js';
import { INDICATOR_CASES_B } from './indicators-volatility-volume-trend.js';

const opts = parseTimingOptions(process.argv.slice(2));
const { bars, repeats, only, cpuClock, args } = opts;
const ownRepeats = Number(args.get('own-repeats') ?? Math.max(repeats, 15));
const withTalibNpm = args.has('talib-npm');
const withTalibC = !args.has('no-talib-c');
/** `--no-peers` skips the JS peers (minutes of the run) when only the TA-Lib C ratio is of interest. */
const withPeers = !args.has('no-peers');
const gc = (globalThis as { gc?: () => void }).gc;
const PEER_TARGET = 5;
const TALIB_TARGET = 1.5;

/** Best (minimum) time of each measurement, keyed like the table rows — steadier on a shared machine. */
const best = new Map<string, number>();

/** Median time in ms (see `timeRuns`); the best run is kept in `best` under `key`. */
function time(fn: (b: BenchBars) => unknown, b: BenchBars, key: string, runs = repeats): number {
  const t = timeRuns(fn, b, runs, cpuClock);
  best.set(key, t.best);
  return t.median;
}

/**
 * Times the JS peers of each case in a fresh child process (bench/indicators-peers.ts, same options
 * and bars). Returns median/best ms by `label/ti` and `label/ts`.
 */
function timePeers(withPeer: readonly IndicatorBenchCase[]): Map<string, Timing> {
  const here = dirname(fileURLToPath(import.meta.url));
  const out = new Map<string, Timing>();
  for (const c of withPeer) {
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, join(here, 'indicators-peers.ts'), ...process.argv.slice(2), `--case=${c.label}`],
      { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (run.status !== 0) throw new Error(`peer benchmark of ${c.label} failed (exit ${run.status})`);
    for (const line of run.stdout.trim().split('\n').filter(Boolean)) {
      const r = JSON.parse(line) as { label: string; ti?: Timing; ts?: Timing };
      if (r.ti) out.set(`${r.label}/ti`, r.ti);
      if (r.ts) out.set(`${r.label}/ts`, r.ts);
    }
  }
  return out;
}

const fmt = (ms: number | undefined): string => (ms === undefined ? 'n/a' : ms.toFixed(2));
const ratio = (x: number | undefined, digits = 1): string => (x === undefined ? 'n/a' : x.toFixed(digits));

/**
 * Times every case's TA-Lib function natively (bench/talib-c). Returns median/min ms by case label,
 * or a reason why the harness is unavailable.
 */
function timeTalibC(
  cases: readonly IndicatorBenchCase[],
  b: BenchBars,
): { median: Map<string, number>; min: Map<string, number>; alloc: Map<string, number> } | string {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = join(tmpdir(), 'bellwether-talib-c');
  mkdirSync(dir, { recursive: true });
  const build = spawnSync('sh', [join(here, 'talib-c', 'build.sh'), join(dir, 'bench')], {
    encoding: 'utf8',
  });
  if (build.status !== 0) return `build failed: ${(build.stderr || build.error?.message || '').trim()}`;
  const exe = build.stdout.trim();
  const series = [b.plain.open, b.plain.high, b.plain.low, b.plain.close, b.plain.volume];
  const header = new Int32Array([b.n]);
  const data = join(dir, 'bars.bin');
  writeFileSync(
    data,
    Buffer.concat(
      [header, b.open, b.high, b.low, b.close, b.volume].map((a) =>
        Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      ),
    ),
  );
  const specs: string[] = [];
  cases.forEach((c, id) => {
    if (!c.talib) return;
    const calls = recordTalibCalls(() => c.talib?.(b));
    if (calls.length !== 1) return; // composite cases have no single TA-Lib function to time
    const call = calls[0]!;
    const inputs = Object.entries(call.inputs).map(([k, arr]) => `${k}=${series.indexOf(arr)}`);
    const opts = Object.entries(call.options).map(([k, v]) => `${k}=${v}`);
    specs.push(`${id} ${call.name} ${inputs.join(',') || '-'} ${opts.join(',') || '-'}`);
  });
  const specFile = join(dir, 'specs.txt');
  writeFileSync(specFile, `${specs.join('\n')}\n`);
  const run = spawnSync(exe, [data, specFile, String(ownRepeats), cpuClock ? 'cpu' : 'wall'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (run.status !== 0) return `harness failed: ${run.stderr.trim()}`;
  const med = new Map<string, number>();
  const min = new Map<string, number>();
  const alloc = new Map<string, number>();
  for (const line of run.stdout.trim().split('\n')) {
    const [id, a, z, al] = line.split(' ');
    const c = cases[Number(id)];
    if (c === undefined || a === 'error') {
      if (c !== undefined) console.log(`TA-Lib C: ${c.label} failed with code ${z}`);
      continue;
    }
    med.set(c.label, Number(a) / 1e6);
    min.set(c.label, Number(z) / 1e6);
    alloc.set(c.label, Number(al) / 1e6);
  }
  return { median: med, min, alloc };
}

const cases: readonly IndicatorBenchCase[] = selectCases([...INDICATOR_CASES_A, ...INDICATOR_CASES_B], only);
const b = generateBars(bars);
console.log(
  `indicators on ${bars.toLocaleString('en')} seeded bars, median of up to ${repeats} peer / ${ownRepeats} own and TA-Lib C runs (ms, ${cpuClock ? 'process CPU time' : 'wall time'})`,
);
console.log(`node ${process.version}${gc ? '' : ' (run with --expose-gc for steadier numbers)'}`);
console.log('every column produces the full output series (trading-signals: each add() result stored)');
const talibC = withTalibC ? timeTalibC(cases, b) : 'disabled (--no-talib-c)';
if (typeof talibC === 'string') console.log(`TA-Lib C column n/a: ${talibC}`);
else console.log('TA-Lib C: bench/talib-c/bench.c (TA_CallFunc, outputs preallocated), same bars');

const header = [
  'indicator',
  'ours',
  'fastest peer',
  'peer',
  'speed-up ×',
  `≥${PEER_TARGET}×`,
  'TA-Lib C',
  'ours/C',
  `≤${TALIB_TARGET}`,
  'C+alloc',
  ...(withTalibNpm ? ['talib npm'] : []),
];
const rows: string[][] = [];
let peerPass = 0;
let peerMiss = 0;
let cPass = 0;
let cMiss = 0;
const missed: string[] = [];
// Ours for every case, then the peers in a process of their own (bench/indicators-peers.ts).
const oursMs = new Map(cases.map((c) => [c.label, time(c.ours, b, `${c.label}/ours`, ownRepeats)]));
const peerTimes = withPeers
  ? timePeers(cases.filter((c) => c.peers !== undefined))
  : new Map<string, Timing>();
for (const [key, t] of peerTimes) best.set(key, t.best);
for (const c of cases) {
  const ours = oursMs.get(c.label)!;
  const tl = withTalibNpm && c.talib ? time(c.talib, b, `${c.label}/talib`) : undefined;
  const ti = peerTimes.get(`${c.label}/ti`)?.median;
  const ts = peerTimes.get(`${c.label}/ts`)?.median;
  const peers: [string, number][] = [];
  if (ti !== undefined) peers.push(['tech.ind.', ti]);
  if (ts !== undefined) peers.push(['trad.-sig.', ts]);
  peers.sort((x, y) => x[1] - y[1]);
  const fastest = peers[0];
  const speedup = fastest === undefined ? undefined : fastest[1] / ours;
  const cMs = typeof talibC === 'string' ? undefined : talibC.median.get(c.label);
  const vsC = cMs === undefined ? undefined : ours / cMs;
  const peerVerdict = speedup === undefined ? '—' : speedup >= PEER_TARGET ? 'PASS' : 'MISS';
  const cVerdict =
    vsC === undefined
      ? typeof talibC === 'string' && c.talib
        ? 'n/a'
        : '—'
      : vsC <= TALIB_TARGET
        ? 'PASS'
        : 'MISS';
  if (peerVerdict === 'PASS') peerPass++;
  if (peerVerdict === 'MISS') peerMiss++;
  if (cVerdict === 'PASS') cPass++;
  if (cVerdict === 'MISS') cMiss++;
  if (peerVerdict === 'MISS' || cVerdict === 'MISS') missed.push(c.label);
  const row = [
    c.label,
    fmt(ours),
    fastest === undefined ? '—' : fmt(fastest[1]),
    fastest === undefined ? '—' : fastest[0],
    speedup === undefined ? '—' : ratio(speedup),
    peerVerdict,
    c.talib ? fmt(cMs) : '—',
    c.talib ? ratio(vsC, 2) : '—',
    cVerdict,
    c.talib ? fmt(typeof talibC === 'string' ? undefined : talibC.alloc.get(c.label)) : '—',
    ...(withTalibNpm ? [c.talib ? fmt(tl) : '—'] : []),
  ];
  rows.push(row);
  console.log(row.join('\t'));
}
console.log('\nsummary (medians, ms)');
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: readonly string[]): string =>
  r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(
  `\n≥${PEER_TARGET}× fastest JS peer: ${peerPass} PASS, ${peerMiss} MISS (of ${peerPass + peerMiss} with a peer); ` +
    `≤${TALIB_TARGET}× TA-Lib C: ${cPass} PASS, ${cMiss} MISS (of ${cPass + cMiss} timed)`,
);
if (missed.length > 0) console.log(`missing a target: ${missed.join(', ')}`);

console.log(
  '\nbest-of-runs (ms; steadier than medians when other processes share the cores — noise only adds time)',
);
const bestHeader = [
  'indicator',
  'ours',
  'fastest peer',
  'speed-up ×',
  `≥${PEER_TARGET}×`,
  'TA-Lib C',
  'ours/C',
  `≤${TALIB_TARGET}`,
];
const bestRows: string[][] = [];
const bestCount = { peerPass: 0, peerMiss: 0, cPass: 0, cMiss: 0 };
for (const c of cases) {
  const g = (k: string): number | undefined => best.get(`${c.label}/${k}`);
  const peers = [g('ti'), g('ts')].filter((x): x is number => x !== undefined);
  const fp = peers.length > 0 ? Math.min(...peers) : undefined;
  const o = g('ours')!;
  const cMin = typeof talibC === 'string' ? undefined : talibC.min.get(c.label);
  const sp = fp === undefined ? undefined : fp / o;
  const vc = cMin === undefined ? undefined : o / cMin;
  const pv = sp === undefined ? '—' : sp >= PEER_TARGET ? 'PASS' : 'MISS';
  const cv = vc === undefined ? '—' : vc <= TALIB_TARGET ? 'PASS' : 'MISS';
  if (pv === 'PASS') bestCount.peerPass++;
  if (pv === 'MISS') bestCount.peerMiss++;
  if (cv === 'PASS') bestCount.cPass++;
  if (cv === 'MISS') bestCount.cMiss++;
  bestRows.push([c.label, fmt(o), fmt(fp), ratio(sp), pv, fmt(cMin), ratio(vc, 2), cv]);
}
const bw = bestHeader.map((h, i) => Math.max(h.length, ...bestRows.map((r) => r[i]!.length)));
const bline = (r: readonly string[]): string =>
  r.map((x, i) => (i === 0 ? x.padEnd(bw[i]!) : x.padStart(bw[i]!))).join('  ');
console.log(bline(bestHeader));
for (const r of bestRows) console.log(bline(r));
console.log(
  `\nbest-of-runs: ≥${PEER_TARGET}× fastest JS peer: ${bestCount.peerPass} PASS, ${bestCount.peerMiss} MISS; ` +
    `≤${TALIB_TARGET}× TA-Lib C: ${bestCount.cPass} PASS, ${bestCount.cMiss} MISS`,
);
