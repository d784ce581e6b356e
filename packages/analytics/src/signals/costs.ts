/**
 * The cost of one round trip in R: commission and slippage of `bpsPerSide` basis points on entry and
 * again on exit, both charged on the fill price (the exit's price differs by a few R at most, a second-
 * order term left out), divided by the risk per share (fill to stop). A tight stop makes the same
 * basis points cost more R.
 */
export function tradeCostR(fill: number, stop: number, bpsPerSide: number): number {
  const risk = Math.abs(fill - stop);
  if (!(risk > 0) || !(bpsPerSide > 0)) return 0;
  return (2 * bpsPerSide * Math.abs(fill)) / 10_000 / risk;
}
