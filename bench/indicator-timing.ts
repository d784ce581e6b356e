import type { BenchBars, IndicatorBenchCase } from './indicator-case.js';

/** Command-line options of bench/indicators.ts (and of its peer child, which gets the same ones). */
export interface TimingOptions {
  readonly bars: number;
  readonly repeats: number;
  readonly only: readonly string[] | undefined;
  readonly cpuClock: boolean;
  readonly args: ReadonlyMap<string, string>;
}

export function parseTimingOptions(argv: readonly string[]): TimingOptions {
  const args = new Map(
    argv.map((a) => {
      const [k, v = ''] = a.replace(/^--/, '').split('=');
      return [k ?? '', v] as const;
    }),
  );
  return {
    bars: Number(args.get('bars') ?? 1_000_000),
    repeats: Number(args.get('repeats') ?? 7),
    only: args.get('only')?.split(',').filter(Boolean),
    cpuClock: args.get('clock') === 'cpu',
    args,
  };
}

/** The cases whose label starts with one of `only` (all when undefined). */
export function selectCases(
  cases: readonly IndicatorBenchCase[],
  only: readonly string[] | undefined,
): IndicatorBenchCase[] {
  return cases.filter(
    (c) => only === undefined || only.some((o) => c.label.toLowerCase().startsWith(o.toLowerCase())),
  );
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface Timing {
  readonly median: number;
  readonly best: number;
}

/**
 * Times `fn` on `b`: one untimed warm-up, then up to `runs` runs with `gc()` before each, on process
 * CPU time (`process.cpuUsage`, which also counts V8's helper threads) or wall time. Slow
 * implementations stop after three runs once their median passes 1.5 s.
 */
export function timeRuns(
  fn: (b: BenchBars) => unknown,
  b: BenchBars,
  runs: number,
  cpuClock: boolean,
): Timing {
  const gc = (globalThis as { gc?: () => void }).gc;
  const clock = cpuClock
    ? (): number => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      }
    : (): number => performance.now();
  let sink: unknown = fn(b);
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    gc?.();
    const t0 = clock();
    sink = fn(b);
    samples.push(clock() - t0);
    if (samples.length >= 3 && median(samples) > 1500) break;
  }
  if (sink === Symbol.for('never')) console.log('unreachable');
  return { median: median(samples), best: Math.min(...samples) };
}
