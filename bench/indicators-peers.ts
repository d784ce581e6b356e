/**
 * The JS-peer half of bench/indicators.ts, run by it as a child process per case with the same
 * options plus `--case=<label>`: it generates the same seeded bars, loads technicalindicators and
 * trading-signals, times that case's peers and prints one JSON line,
 * `{"label", "ti"?: {median, best}, "ts"?: {median, best}}` (ms).
 *
 * Why separate processes: V8 runs a library's code differently depending on what else ran in the
 * process. Loading technicalindicators deoptimises code already in a process and leaves our kernels
 * slower (add 1.2 → 2.0 ms); timing the peers after all of our cases in one process left
 * trading-signals' EMA at 49–54 ms, and after the other peers' cases at 24–26 ms, where a process of
 * its own gives 16 ms. So each peer case gets a fresh process (the best conditions a peer can have),
 * ours run together in the parent, and TA-Lib C in its own harness (bench/talib-c).
 */
import { generateBars } from './indicator-case.js';
import { parseTimingOptions, timeRuns } from './indicator-timing.js';
import { INDICATOR_CASES_A } from './indicators-overlap-momentum.js';
import { INDICATOR_CASES_B } from './indicators-volatility-volume-trend.js';
import { loadPeers } from './peers.js';

const opts = parseTimingOptions(process.argv.slice(2));
const label = opts.args.get('case');
const cases = [...INDICATOR_CASES_A, ...INDICATOR_CASES_B].filter(
  (c) => label === undefined || c.label === label,
);
const b = generateBars(opts.bars);
await loadPeers();
for (const c of cases) {
  const ti = c.peers?.technicalindicators;
  const ts = c.peers?.['trading-signals'];
  if (ti === undefined && ts === undefined) continue;
  const line = {
    label: c.label,
    ...(ti === undefined ? {} : { ti: timeRuns(ti, b, opts.repeats, opts.cpuClock) }),
    ...(ts === undefined ? {} : { ts: timeRuns(ts, b, opts.repeats, opts.cpuClock) }),
  };
  console.log(JSON.stringify(line));
}
