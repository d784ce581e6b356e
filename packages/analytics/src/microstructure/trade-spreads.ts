import { midQuote, prevailingQuoteIndex } from './prevailing-quote.js';

export interface TradeSpreadOptions {
  /** Horizon (ms) after the trade at which the mid-quote is read for realised spread and impact. Default 300 000 (5 min). */
  readonly horizonMs?: number;
  /** Quote lag (ms) for the prevailing quote at the trade. Default 0. */
  readonly quoteLagMs?: number;
  /** Report spreads relative to the prevailing mid (true) or in price units (false). Default true. */
  readonly relative?: boolean;
}

export interface TradeSpreads {
  /** 2·D·(P − M) — effective spread of each trade. */
  readonly effective: Float64Array;
  /** 2·D·(P − M_{t+Δ}) — realised spread (liquidity provider's revenue after Δ). */
  readonly realised: Float64Array;
  /** 2·D·(M_{t+Δ} − M) — price impact; effective = realised + impact. */
  readonly impact: Float64Array;
}

/**
 * Per-trade effective spread, realised spread and price impact (the standard decomposition, e.g.
 * Bessembinder and Kaufman 1997; Hendershott, Jones and Menkveld 2011): D is the trade sign (+1 buy,
 * −1 sell, e.g. from `leeReady`), M the prevailing mid at the trade and M_{t+Δ} the mid prevailing
 * Δ = horizonMs later. NaN where a mid is missing or the sign is 0; when t + Δ lies beyond the last
 * quote, the last quote is used.
 */
export function tradeSpreads(
  tradeTime: Float64Array,
  price: Float64Array,
  sign: Int8Array,
  quoteTime: Float64Array,
  bid: Float64Array,
  ask: Float64Array,
  options: TradeSpreadOptions = {},
): TradeSpreads {
  const horizon = options.horizonMs ?? 300_000;
  const lag = options.quoteLagMs ?? 0;
  const relative = options.relative ?? true;
  const n = price.length;
  if (tradeTime.length !== n || sign.length !== n)
    throw new RangeError('tradeSpreads: trade arrays differ in length');
  const now = prevailingQuoteIndex(tradeTime, quoteTime, lag);
  const later = prevailingQuoteIndex(tradeTime, quoteTime, lag - horizon);
  const effective = new Float64Array(n).fill(Number.NaN);
  const realised = new Float64Array(n).fill(Number.NaN);
  const impact = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const d = sign[i]!;
    const j = now[i]!;
    const k = later[i]!;
    if (d === 0 || j < 0 || k < 0) continue;
    const m0 = midQuote(bid[j]!, ask[j]!);
    const m1 = midQuote(bid[k]!, ask[k]!);
    const denom = relative ? m0 : 1;
    effective[i] = (2 * d * (price[i]! - m0)) / denom;
    realised[i] = (2 * d * (price[i]! - m1)) / denom;
    impact[i] = (2 * d * (m1 - m0)) / denom;
  }
  return { effective, realised, impact };
}

/** Quoted spread per quote: ask − bid, or (ask − bid)/mid when `relative` (default true); NaN if invalid/crossed. */
export function quotedSpread(bid: Float64Array, ask: Float64Array, relative = true): Float64Array {
  if (bid.length !== ask.length) throw new RangeError('quotedSpread: length mismatch');
  const out = new Float64Array(bid.length);
  for (let i = 0; i < bid.length; i++) {
    const m = midQuote(bid[i]!, ask[i]!);
    out[i] = Number.isNaN(m) ? Number.NaN : (ask[i]! - bid[i]!) / (relative ? m : 1);
  }
  return out;
}
