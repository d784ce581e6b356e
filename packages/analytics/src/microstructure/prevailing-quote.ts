/**
 * Index of the quote prevailing at each trade: the last quote whose timestamp is ≤ t − lagMs
 * (−1 when none). Both timestamp arrays are epoch milliseconds in ascending order. A lag of 5 s
 * is the Lee and Ready (1991) recommendation for quotes reported ahead of trades; 0 uses the
 * latest quote at or before the trade time.
 */
export function prevailingQuoteIndex(
  tradeTime: Float64Array,
  quoteTime: Float64Array,
  lagMs = 0,
): Int32Array {
  const out = new Int32Array(tradeTime.length);
  let q = -1;
  for (let i = 0; i < tradeTime.length; i++) {
    const t = tradeTime[i]! - lagMs;
    while (q + 1 < quoteTime.length && quoteTime[q + 1]! <= t) q++;
    out[i] = q;
  }
  return out;
}

/** Mid-quote (bid + ask) / 2; NaN when either side is missing, non-positive or the quote is crossed. */
export function midQuote(bid: number, ask: number): number {
  return bid > 0 && ask >= bid ? (bid + ask) / 2 : Number.NaN;
}
