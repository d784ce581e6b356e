import type { CardLevels } from './types.js';

/**
 * The cost of one round trip in R: commission and slippage of `bpsPerSide` basis points on entry and
 * again on exit, both charged on the entry price (the exit's price differs by a few R at most, a second-
 * order term left out), divided by the card's planned risk per share (the entry zone's far edge to the
 * stop). A tight stop makes the same basis points cost more R.
 */
export function tradeCostR(price: number, risk: number, bpsPerSide: number): number {
  if (!(risk > 0) || !(bpsPerSide > 0)) return 0;
  return (2 * bpsPerSide * Math.abs(price)) / 10_000 / risk;
}

/** Where a card fills when the market trades into its zone without a gap: the zone's far edge. */
export function entryPrice(levels: CardLevels): number {
  return levels.direction === 'long' ? levels.entry_zone.high : levels.entry_zone.low;
}

/** A card's round-trip cost in R: at its planned entry, per unit of its planned risk (entry to stop). */
export function cardCostR(levels: CardLevels, bpsPerSide: number): number {
  const entry = entryPrice(levels);
  return tradeCostR(entry, Math.abs(entry - levels.stop), bpsPerSide);
}
