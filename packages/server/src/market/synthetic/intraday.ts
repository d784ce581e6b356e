import type { Session } from '../calendar/calendar.js';
import { eventTimes } from './intraday-times.js';
import { PriceGrid } from './price-grid.js';
import { Prng } from './prng.js';
import { tapeSizes } from './trade-sizes.js';
import {
  type DailyBar,
  type DailyBarsResult,
  type IntradayResult,
  type Quote,
  SYNTHETIC_SOURCE,
  type SyntheticUniverse,
  type Trade,
} from './types.js';

export interface IntradayOptions {
  readonly seed: number;
  /** The session to fill (its `id` must be a date of the ticker's daily bars). */
  readonly session: Session;
  readonly ticker: string;
  /**
   * Upper bound on the number of trades (default 2,000, at least 4). When the day's volume needs more
   * prints than this, the tape is an evenly thinned sample of them (`complete: false`).
   */
  readonly max_trades?: number;
}

/** Quote-only updates per trade. */
const QUOTE_UPDATES_PER_TRADE = 0.5;
/**
 * Probability that a trade's aggressor side repeats the previous print's (order splitting): sign
 * autocorrelation 2·0.65 − 1 = 0.3 between consecutive prints. In a thinned tape, consecutive trades
 * are `stride` prints apart and repeat with probability (1 + 0.3^stride) / 2, as a Markov chain would.
 */
const SIDE_PERSISTENCE = 0.65;

function barOn(bars: readonly DailyBar[], date: string): DailyBar | undefined {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = bars[mid]!.date;
    if (d === date) return bars[mid];
    if (d < date) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function lotSize(rng: Prng): number {
  return 100 * (1 + Math.floor(rng.exponential(0.4)));
}

/**
 * Trades and quotes for one ticker and session, consistent with its daily bar: the first trade is at
 * the open price (1 ms after the open, its quote at the open), the last at the close price (at the
 * close), one trade prints the high and one the low, and every trade lies within [low, high]. Trade
 * sizes look like a large cap's tape (odd lots, round lots of 100, rare blocks; see trade-sizes.ts) and
 * sum exactly to the bar's volume when `max_trades` prints can hold it; otherwise the tape is an evenly
 * thinned sample of the day's prints (`complete: false`). Each trade executes at the bid (`sell`) or the ask
 * (`buy`) of a quote posted 1 ms before it; quotes are the efficient mid ± the instrument's true
 * half-spread h (relative), rounded to the instrument's price grid with bid < ask. The mid follows Brownian bridges
 * pinned at the open, high, low and close.
 */
export function generateIntraday(
  universe: SyntheticUniverse,
  daily: DailyBarsResult,
  options: IntradayOptions,
): IntradayResult {
  const { seed, session, ticker } = options;
  const instrument = universe.instruments.find((i) => i.ticker === ticker);
  if (instrument === undefined) throw new RangeError(`unknown ticker ${JSON.stringify(ticker)}`);
  if (instrument.asset_class === 'index') throw new RangeError(`${ticker} is an index: it has no trades`);
  const bar = barOn(daily.bars[ticker] ?? [], session.id);
  if (bar === undefined) throw new RangeError(`${ticker} has no daily bar on ${session.id}`);
  if (bar.volume < 4)
    throw new RangeError(`${ticker} traded ${bar.volume} shares on ${session.id}: too few to print a bar`);
  const h = instrument.model.half_spread;
  const grid = new PriceGrid(instrument.model.price_decimals);
  const rng = Prng.stream(seed, 'ticks', ticker, session.id);
  const tape = tapeSizes(bar.volume, options.max_trades ?? 2000, bar.close, rng);
  const sizes = tape.sizes;
  const n = sizes.length;
  const stride = tape.complete ? 1 : bar.volume / sizes.reduce((a, b) => a + b, 0);
  const repeatSide = (1 + (2 * SIDE_PERSISTENCE - 1) ** stride) / 2;
  const k = n + Math.round(n * QUOTE_UPDATES_PER_TRADE);
  const open = session.opens_at.getTime();
  const close = session.closes_at.getTime();
  const times = eventTimes(k, open + 1, close, rng);

  // Which events are trades: the first, the last and n − 2 of the others.
  const interior = Array.from({ length: k - 2 }, (_, i) => i + 1);
  for (let i = 0; i < n - 2; i++) {
    const j = i + rng.int(interior.length - i);
    [interior[i], interior[j]] = [interior[j]!, interior[i]!];
  }
  const isTrade = new Uint8Array(k);
  isTrade[0] = 1;
  isTrade[k - 1] = 1;
  for (let i = 0; i < n - 2; i++) isTrade[interior[i]!] = 1;
  const tradeEvents: number[] = [];
  for (let e = 0; e < k; e++) if (isTrade[e] === 1) tradeEvents.push(e);

  // Pinned prints: open, high, low, close (the high a buy at the ask, the low a sell at the bid).
  const midLo = bar.low / (1 - h);
  const midHi = bar.high / (1 + h);
  const pinPrice = new Map<number, { price: number; side: 'buy' | 'sell' }>();
  const sideFor = (price: number): 'buy' | 'sell' => {
    const buyOk = price / (1 + h) >= midLo;
    const sellOk = price / (1 - h) <= midHi;
    return buyOk && sellOk ? (rng.chance(0.5) ? 'buy' : 'sell') : buyOk ? 'buy' : 'sell';
  };
  const hiTrade = 1 + rng.int(n - 2);
  let loTrade = 1 + rng.int(n - 3);
  if (loTrade >= hiTrade) loTrade++;
  pinPrice.set(tradeEvents[0]!, { price: bar.open, side: sideFor(bar.open) });
  pinPrice.set(tradeEvents[hiTrade]!, { price: bar.high, side: 'buy' });
  pinPrice.set(tradeEvents[loTrade]!, { price: bar.low, side: 'sell' });
  pinPrice.set(tradeEvents[n - 1]!, { price: bar.close, side: sideFor(bar.close) });

  // Log mid path: Brownian bridges between the pinned mids, clamped to the band that keeps trades in the bar.
  const x = new Float64Array(k);
  const pinned = [...pinPrice.keys()].sort((a, b) => a - b);
  for (const e of pinned) {
    const p = pinPrice.get(e)!;
    x[e] = Math.log(p.side === 'buy' ? p.price / (1 + h) : p.price / (1 - h));
  }
  const logLo = Math.log(midLo);
  const logHi = Math.log(Math.max(midHi, midLo));
  const varPerMs = Math.max(logHi - logLo, 1e-4) ** 2 / 2.8 / (close - open);
  for (let p = 0; p + 1 < pinned.length; p++) {
    const a = pinned[p]!;
    const b = pinned[p + 1]!;
    for (let e = a + 1; e < b; e++) {
      const dtPrev = times[e]! - times[e - 1]!;
      const dtRest = times[b]! - times[e]!;
      const total = dtPrev + dtRest;
      const mean = x[e - 1]! + ((x[b]! - x[e - 1]!) * dtPrev) / total;
      const sd = Math.sqrt((varPerMs * dtPrev * dtRest) / total);
      x[e] = mean + sd * rng.normal();
    }
    for (let e = a + 1; e < b; e++) x[e] = Math.min(logHi, Math.max(logLo, x[e]!));
  }

  const trades: Trade[] = [];
  const quotes: Quote[] = [];
  let side: 'buy' | 'sell' = rng.chance(0.5) ? 'buy' : 'sell';
  for (let e = 0; e < k; e++) {
    const mid = Math.exp(x[e]!);
    let bid = grid.round(mid * (1 - h));
    let ask = Math.max(grid.round(mid * (1 + h)), grid.shift(bid, 1));
    if (isTrade[e] === 0) {
      quotes.push({ t: times[e]!, bid, ask, bid_size: lotSize(rng), ask_size: lotSize(rng) });
      continue;
    }
    const pin = pinPrice.get(e);
    side = pin?.side ?? (rng.chance(repeatSide) ? side : side === 'buy' ? 'sell' : 'buy');
    let price: number;
    if (side === 'buy') {
      price = pin?.price ?? Math.min(bar.high, Math.max(bar.low, ask));
      ask = price;
      bid = Math.min(
        pin === undefined ? bid : grid.round((price * (1 - h)) / (1 + h)),
        grid.shift(price, -1),
      );
    } else {
      price = pin?.price ?? Math.min(bar.high, Math.max(bar.low, bid));
      bid = price;
      ask = Math.max(pin === undefined ? ask : grid.round((price * (1 + h)) / (1 - h)), grid.shift(price, 1));
    }
    const sizeIndex = trades.length;
    quotes.push({ t: times[e]! - 1, bid, ask, bid_size: lotSize(rng), ask_size: lotSize(rng) });
    trades.push({ t: times[e]!, price, size: sizes[sizeIndex]!, side });
  }
  return {
    source: SYNTHETIC_SOURCE,
    ticker,
    session: session.id,
    half_spread: h,
    complete: tape.complete,
    trades,
    quotes,
  };
}
