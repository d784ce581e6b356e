import { midQuote, prevailingQuoteIndex } from './prevailing-quote.js';

/**
 * Tick rule: +1 on an uptick, −1 on a downtick; on a zero tick the sign of the last non-zero price
 * change carries over; 0 until the first price change. Output Int8Array aligned with `price`.
 */
export function tickRule(price: Float64Array): Int8Array {
  const out = new Int8Array(price.length);
  let last = 0;
  for (let i = 1; i < price.length; i++) {
    const d = price[i]! - price[i - 1]!;
    if (d > 0) last = 1;
    else if (d < 0) last = -1;
    out[i] = last;
  }
  return out;
}

export interface LeeReadyOptions {
  /** Quotes must be at least this old (ms) to count as prevailing. Default 0 (Lee and Ready 1991 used 5 000). */
  readonly quoteLagMs?: number;
}

/**
 * Lee and Ready (1991, J. Finance 46(2), 733–746) trade signing: +1 buyer-initiated, −1
 * seller-initiated, 0 unclassifiable. Quote rule first — a trade above the prevailing mid-quote is a
 * buy, below is a sell — and the tick rule for trades at the mid or without a valid prevailing quote.
 */
export function leeReady(
  tradeTime: Float64Array,
  price: Float64Array,
  quoteTime: Float64Array,
  bid: Float64Array,
  ask: Float64Array,
  options: LeeReadyOptions = {},
): Int8Array {
  const n = price.length;
  if (tradeTime.length !== n) throw new RangeError('leeReady: trade arrays differ in length');
  if (bid.length !== quoteTime.length || ask.length !== quoteTime.length) {
    throw new RangeError('leeReady: quote arrays differ in length');
  }
  const q = prevailingQuoteIndex(tradeTime, quoteTime, options.quoteLagMs ?? 0);
  const tick = tickRule(price);
  const out = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    const j = q[i]!;
    const mid = j >= 0 ? midQuote(bid[j]!, ask[j]!) : Number.NaN;
    const p = price[i]!;
    if (p > mid) out[i] = 1;
    else if (p < mid) out[i] = -1;
    else out[i] = tick[i]!;
  }
  return out;
}
