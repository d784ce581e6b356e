import type { Prng } from './prng.js';

/**
 * Share of trades that are odd lots (1–99 shares) at a $10 price, and its rise per unit of ln(price / $10),
 * within [ODD_LOT_MIN, ODD_LOT_MAX]. SEC MIDAS (Data Highlight 2014-01) measured 18–24 % of corporate
 * stock trades as odd lots in 2013, over 30 % in the top price decile: about 17 % at $20, 28 % at $100,
 * 35 % at $250 here, so the median trade is a round lot of 100 shares.
 */
const ODD_LOT_AT_10 = 0.12;
const ODD_LOT_PER_LOG_PRICE = 0.07;
const ODD_LOT_MIN = 0.1;
const ODD_LOT_MAX = 0.45;
/** Share of trades that are blocks (10,000 shares or more); their sizes are Pareto with this tail index. */
const BLOCK_SHARE = 0.001;
const BLOCK_MIN = 10_000;
const BLOCK_ALPHA = 1.5;
const BLOCK_MAX = 1_000_000;
/** Round lots are 100·k shares, k = ⌊Pareto(1, α)⌋ below a block: k = 1 for 62 % of them, k ≥ 10 for 4 %. */
const ROUND_LOT_ALPHA = 1.4;
/** Share of round-lot trades that carry an odd remainder as well (mixed lots such as 150 or 1,237 shares). */
const MIXED_LOT_SHARE = 0.1;
/** Every tape prints at least the open, the high, the low and the close. */
const MIN_PRINTS = 4;

/** The odd-lot share of trades at a price (see ODD_LOT_AT_10). */
function oddLotShare(price: number): number {
  const share = ODD_LOT_AT_10 + ODD_LOT_PER_LOG_PRICE * Math.log(price / 10);
  return Math.min(ODD_LOT_MAX, Math.max(ODD_LOT_MIN, share));
}

/**
 * One trade's size in shares, from a mixture shaped like a US large cap's tape: odd lots (skewed to a
 * few shares), round lots of 100·k with a heavy tail (100 shares the most common print), some mixed lots,
 * and rare blocks of 10,000 shares or more.
 */
function drawTradeSize(rng: Prng, oddLots: number): number {
  const u = rng.uniform();
  if (u < oddLots) return 1 + Math.floor(99 * rng.uniform() ** 2);
  if (u < oddLots + BLOCK_SHARE) {
    return Math.min(BLOCK_MAX, 100 * Math.round(rng.pareto(BLOCK_MIN, BLOCK_ALPHA) / 100));
  }
  const lots = Math.min(BLOCK_MIN / 100 - 1, Math.floor(rng.pareto(1, ROUND_LOT_ALPHA)));
  return 100 * lots + (rng.chance(MIXED_LOT_SHARE) ? 1 + rng.int(99) : 0);
}

interface TapeSizes {
  /** Trade sizes in print order; at least four. */
  readonly sizes: readonly number[];
  /**
   * True when the sizes are every print of the day and sum exactly to `volume`; false when `maxTrades`
   * prints could not hold it and the tape is an evenly thinned sample of the day's prints.
   */
  readonly complete: boolean;
}

/**
 * Sizes for one session's tape: drawn one by one until they add up to the day's `volume` (the last
 * print takes the remainder) or `maxTrades` prints are drawn. Never fewer than four prints: shares are
 * held back so a small volume still fills the open, high, low and close prints.
 */
export function tapeSizes(volume: number, maxTrades: number, price: number, rng: Prng): TapeSizes {
  if (!Number.isInteger(volume) || volume < MIN_PRINTS)
    throw new RangeError(`a tape needs at least ${MIN_PRINTS} shares, got ${volume}`);
  const cap = Math.max(MIN_PRINTS, maxTrades);
  const oddLots = oddLotShare(price);
  const sizes: number[] = [];
  let left = volume;
  while (left > 0 && sizes.length < cap) {
    const reserve = Math.max(0, MIN_PRINTS - 1 - sizes.length);
    const size = Math.min(drawTradeSize(rng, oddLots), left - reserve);
    sizes.push(size);
    left -= size;
  }
  return { sizes, complete: left === 0 };
}
