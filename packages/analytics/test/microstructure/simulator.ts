/**
 * Seeded market simulator for scoring spread estimators against a known true spread (test code only).
 *
 * Efficient log price: a Gaussian random walk with per-minute volatility `sigmaMinute`. Quotes sit at
 * mid·(1 ∓ halfSpread) around the efficient price; in each minute a trade happens with probability
 * `tradeProbability`, buyer- or seller-initiated with equal odds, at the ask or the bid — the Roll
 * (1984) bid–ask bounce. The true relative spread is 2·halfSpread/(1 + 0) ≈ (ask − bid)/mid.
 */
export interface SimOptions {
  readonly seed: number;
  readonly days: number;
  readonly minutesPerDay?: number;
  readonly sigmaMinute?: number;
  readonly halfSpread?: number;
  readonly tradeProbability?: number;
  /** Keep the tick-level arrays of the first this many days. Default 0. */
  readonly keepIntradayDays?: number;
}

export interface SimResult {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Exact relative quoted spread (ask − bid)/mid. */
  readonly trueSpread: number;
  readonly trades: {
    readonly time: Float64Array;
    readonly price: Float64Array;
    readonly size: Float64Array;
    readonly side: Int8Array;
  };
  readonly quotes: { readonly time: Float64Array; readonly bid: Float64Array; readonly ask: Float64Array };
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): () => number {
  return () => {
    const u = 1 - rand();
    const v = rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

const DAY_MS = 86_400_000;
const OPEN_MS = 13.5 * 3_600_000; // 13:30 UTC

export function simulateMarket(o: SimOptions): SimResult {
  const minutes = o.minutesPerDay ?? 390;
  const sigma = o.sigmaMinute ?? 0.01 / Math.sqrt(390);
  const h = o.halfSpread ?? 0.005;
  const p = o.tradeProbability ?? 1;
  const keep = o.keepIntradayDays ?? 0;
  const rand = mulberry32(o.seed);
  const normal = gaussian(rand);
  const open = new Float64Array(o.days);
  const high = new Float64Array(o.days);
  const low = new Float64Array(o.days);
  const close = new Float64Array(o.days);
  const volume = new Float64Array(o.days);
  const tt: number[] = [];
  const tp: number[] = [];
  const ts: number[] = [];
  const tside: number[] = [];
  const qt: number[] = [];
  const qb: number[] = [];
  const qa: number[] = [];
  let m = Math.log(100);
  let lastPrice = Math.exp(m);
  for (let d = 0; d < o.days; d++) {
    let hi = -Infinity;
    let lo = Infinity;
    let first = Number.NaN;
    let vol = 0;
    for (let k = 0; k < minutes; k++) {
      m += sigma * normal();
      const mid = Math.exp(m);
      const bid = mid * (1 - h);
      const ask = mid * (1 + h);
      const t = d * DAY_MS + OPEN_MS + k * 60_000;
      if (d < keep) {
        qt.push(t);
        qb.push(bid);
        qa.push(ask);
      }
      if (rand() < p) {
        const side = rand() < 0.5 ? 1 : -1;
        const price = side > 0 ? ask : bid;
        const size = 100 * (1 + Math.floor(rand() * 10));
        if (Number.isNaN(first)) first = price;
        hi = Math.max(hi, price);
        lo = Math.min(lo, price);
        lastPrice = price;
        vol += size;
        if (d < keep) {
          tt.push(t + 30_000);
          tp.push(price);
          ts.push(size);
          tside.push(side);
        }
      }
    }
    if (Number.isNaN(first)) {
      first = lastPrice;
      hi = lastPrice;
      lo = lastPrice;
    }
    open[d] = first;
    high[d] = hi;
    low[d] = lo;
    close[d] = lastPrice;
    volume[d] = vol;
  }
  return {
    open,
    high,
    low,
    close,
    volume,
    trueSpread: (2 * h) / 1,
    trades: {
      time: Float64Array.from(tt),
      price: Float64Array.from(tp),
      size: Float64Array.from(ts),
      side: Int8Array.from(tside),
    },
    quotes: { time: Float64Array.from(qt), bid: Float64Array.from(qb), ask: Float64Array.from(qa) },
  };
}
