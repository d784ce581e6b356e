/**
 * How Bellwether writes a price level it derived (support and resistance, pattern targets and breakout
 * lines, pattern heights): at the increment the market quotes the instrument in, so an answer never
 * shows `118.34599999999989` for a level of $118.35 (issue #26). The increment follows US Reg NMS Rule
 * 612: $0.01 at or above $1, $0.0001 below. Analytic series (moving averages, indicators) keep full
 * precision: they are inputs to further computation, not levels to trade at.
 */
export function priceIncrement(price: number): number {
  return Math.abs(price) >= 1 ? 0.01 : 0.0001;
}

/** `price` at its increment (or at the increment of `reference`, for a distance such as a height). */
export function atIncrement(price: number, reference = price): number {
  if (!Number.isFinite(price)) return price;
  const decimals = Math.round(-Math.log10(priceIncrement(reference)));
  // toFixed after rounding to the grid: the float nearest the decimal, not 118.35000000000001.
  const rounded = Number(price.toFixed(decimals));
  return rounded === 0 ? 0 : rounded;
}

/** A computed value within floating-point noise of zero (|x| < 1e-12, e.g. −8.39e-17) written as 0. */
export function zeroIfNoise(x: number): number {
  return Math.abs(x) < 1e-12 ? 0 : x;
}
