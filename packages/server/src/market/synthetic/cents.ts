/** The price tick: every generated price is a whole number of cents. */
export const TICK = 0.01;

/** Rounds a price to the nearest cent (half away from zero for positive prices). */
export function cents(price: number): number {
  return Math.round(price * 100) / 100;
}

/** Smallest whole-cent price ≥ `price` (tolerating binary noise just above a whole cent). */
export function ceilCents(price: number): number {
  return Math.ceil(price * 100 - 1e-7) / 100;
}

/** Largest whole-cent price ≤ `price`. */
export function floorCents(price: number): number {
  return Math.floor(price * 100 + 1e-7) / 100;
}
