import { createRequire } from 'node:module';

/**
 * Shared shapes of the indicator benchmark (bench/indicators.ts). A case times our batch function
 * against TA-Lib C and the JS peers on the same seeded bars. Peers that only offer streaming classes
 * are fed every value in a loop — that is how they are used.
 */

/** One OHLCV series in both forms: typed arrays for us, plain arrays for TA-Lib and the JS peers. */
export interface BenchBars {
  readonly n: number;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly plain: {
    readonly open: number[];
    readonly high: number[];
    readonly low: number[];
    readonly close: number[];
    readonly volume: number[];
  };
}

export type PeerName = 'technicalindicators' | 'trading-signals';

export interface IndicatorBenchCase {
  /** Our catalogue code and the parameters, e.g. `rsi(14)`. */
  readonly label: string;
  readonly ours: (bars: BenchBars) => unknown;
  /** TA-Lib C through `talib.execute` with plain arrays (see `talibExecute`). */
  readonly talib?: (bars: BenchBars) => unknown;
  readonly peers?: Partial<Record<PeerName, (bars: BenchBars) => unknown>>;
}

type Streamable<I> = { add(input: I): unknown };

/**
 * Feeds every bar to a trading-signals streaming instance (how that library is used on a series) and
 * keeps each `add` result in a preallocated array, so the peer produces the full output series like
 * every other column (ours, technicalindicators and TA-Lib all return one value per bar). Without
 * that, a peer that only keeps its last value would be timed doing less work than the others.
 */
export function feed<I>(ind: Streamable<I>, inputs: (b: BenchBars, i: number) => I, b: BenchBars): unknown[] {
  const out: unknown[] = new Array(b.n);
  for (let i = 0; i < b.n; i++) out[i] = ind.add(inputs(b, i));
  return out;
}

/** Deterministic xorshift32 generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** A seeded geometric random walk with coherent OHLCV (high ≥ max(open, close), low ≤ min). */
export function generateBars(n: number, seed = 42): BenchBars {
  const rnd = seededRandom(seed);
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  let price = 100;
  for (let i = 0; i < n; i++) {
    const o = price;
    const c = o * Math.exp((rnd() - 0.5) * 0.04);
    open[i] = o;
    close[i] = c;
    high[i] = Math.max(o, c) * (1 + rnd() * 0.01);
    low[i] = Math.min(o, c) * (1 - rnd() * 0.01);
    volume[i] = Math.round(1e5 + rnd() * 9e5);
    price = c;
  }
  return {
    n,
    open,
    high,
    low,
    close,
    volume,
    plain: {
      open: Array.from(open),
      high: Array.from(high),
      low: Array.from(low),
      close: Array.from(close),
      volume: Array.from(volume),
    },
  };
}

type TalibModule = {
  execute(spec: Record<string, unknown>): { begIndex: number; nbElement: number; result: unknown };
};
/** The `talib` binding, loaded on first execution (only `--talib-npm` executes it), like the peers. */
let talibModule: TalibModule | undefined;

/** One `talibExecute` call as captured by `recordTalibCalls` (what the C harness replays). */
export interface TalibCall {
  readonly name: string;
  readonly inputs: Readonly<Record<string, number[]>>;
  readonly options: Readonly<Record<string, number>>;
}

let recording: TalibCall[] | undefined;

/**
 * Runs `fn` with `talibExecute` capturing its calls instead of executing them, so that
 * bench/talib-c can time the same TA-Lib functions with the same parameters natively.
 */
export function recordTalibCalls(fn: () => unknown): TalibCall[] {
  const calls: TalibCall[] = [];
  recording = calls;
  try {
    fn();
  } finally {
    recording = undefined;
  }
  return calls;
}

/** Calls TA-Lib C on the whole series (`inputs` must be plain arrays; the binding misreads typed arrays). */
export function talibExecute(
  name: string,
  n: number,
  inputs: Readonly<Record<string, number[]>>,
  options: Readonly<Record<string, number>> = {},
): unknown {
  if (recording !== undefined) {
    recording.push({ name, inputs, options });
    return undefined;
  }
  talibModule ??= createRequire(import.meta.url)('talib') as TalibModule;
  return talibModule.execute({ name, startIdx: 0, endIdx: n - 1, ...inputs, ...options });
}
