/**
 * Test fixtures for the chart-pattern and level tests: synthetic price paths drawn through waypoints, a
 * seeded random walk, real tickers from the shared data, and TA-Lib's ATR as an independent oracle.
 */
import { createRequire } from 'node:module';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';

export interface Bars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * Closes interpolated linearly between waypoints `[bar, price]` (first waypoint at bar 0); each bar opens at
 * the previous close and has wicks of `wick` above max(open, close) and below min(open, close). A waypoint
 * at a local maximum is therefore a swing high at exactly that bar with price `price + wick`.
 */
export function pathBars(waypoints: readonly (readonly [number, number])[], wick = 0.5): Bars {
  const last = waypoints[waypoints.length - 1]![0];
  const close = new Float64Array(last + 1);
  for (let w = 1; w < waypoints.length; w++) {
    const [b0, p0] = waypoints[w - 1]!;
    const [b1, p1] = waypoints[w]!;
    for (let b = b0; b <= b1; b++) close[b] = p0 + ((p1 - p0) * (b - b0)) / (b1 - b0);
  }
  return withWicks(close, () => wick);
}

function withWicks(close: Float64Array, wick: (i: number) => number): Bars {
  const n = close.length;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    open[i] = i === 0 ? close[0]! : close[i - 1]!;
    high[i] = Math.max(open[i]!, close[i]!) + wick(i);
    low[i] = Math.min(open[i]!, close[i]!) - wick(i);
  }
  return { open, high, low, close };
}

/** Reflects a path: price → `axis − price` (tops become bottoms, bullish becomes bearish). */
export function mirror(waypoints: readonly (readonly [number, number])[], axis = 240): [number, number][] {
  return waypoints.map(([b, p]) => [b, axis - p]);
}

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random walk with regime-switching drift and volatility, so that swings and patterns occur. */
export function randomBars(seed: number, n: number): Bars {
  const r = rng(seed);
  const close = new Float64Array(n);
  let price = 100;
  let drift = 0;
  let vol = 1;
  for (let i = 0; i < n; i++) {
    if (r() < 0.05) drift = (r() - 0.5) * 1.2;
    if (r() < 0.03) vol = 0.3 + r() * 2;
    price = Math.max(1, price + drift + (r() - 0.5) * 2 * vol);
    close[i] = price;
  }
  const wicks = Float64Array.from({ length: n }, () => r() * vol * 0.8);
  return withWicks(close, (i) => wicks[i]!);
}

const TICKERS_DIR = 'Pooksoft__PooksoftSP500EquityPriceDataSet/daily_adjusted';

/**
 * Daily bars of a Pooksoft ticker (1999-11-01 … 2015-12-31 as truncated in the shared data), with OHLC
 * scaled by adjusted_close / close so that splits do not show up as price jumps.
 */
export function tickerBars(ticker: string): Bars & { dates: string[] } {
  const { header, rows } = readCsv(sharedDataPath(TICKERS_DIR, `DA-${ticker}-T-2021-04-21.csv`));
  const col = (name: string) => header.indexOf(name);
  const [o, h, l, c, a] = ['open', 'high', 'low', 'close', 'adjusted_close'].map(col) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const factor = rows.map((r) => Number(r[a]) / Number(r[c]));
  const series = (k: number) => Float64Array.from(rows, (r, i) => Number(r[k]) * factor[i]!);
  return {
    open: series(o),
    high: series(h),
    low: series(l),
    close: series(c),
    dates: rows.map((r) => r[col('timestamp')]!),
  };
}

interface TalibResult {
  result: { outReal: number[] };
  begIndex: number;
}
const talib = createRequire(import.meta.url)('talib') as { execute(args: object): TalibResult };

/** ATR from TA-Lib 1.1.6 (C library through node; plain arrays — it misreads Float64Array). */
export function talibAtr(bars: Bars, period: number): Float64Array {
  const n = bars.close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const r = talib.execute({
    name: 'ATR',
    startIdx: 0,
    endIdx: n - 1,
    high: Array.from(bars.high),
    low: Array.from(bars.low),
    close: Array.from(bars.close),
    optInTimePeriod: period,
  });
  r.result.outReal.forEach((v, i) => {
    out[r.begIndex + i] = v;
  });
  return out;
}

/** First bar >= from satisfying pred, or -1. */
export function firstBar(from: number, to: number, pred: (i: number) => boolean): number {
  for (let i = from; i < to; i++) if (pred(i)) return i;
  return -1;
}
