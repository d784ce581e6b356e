/**
 * The price grid of an instrument: prices are whole multiples of 10^−decimals (cents for equities and
 * the index; finer for cheap crypto assets). Rounding goes through an integer number of ticks, so a
 * rounded price is the double nearest to that decimal and prints without binary noise.
 */
export class PriceGrid {
  readonly tick: number;
  private readonly scale: number;

  constructor(readonly decimals: number) {
    this.scale = 10 ** decimals;
    this.tick = 1 / this.scale;
  }

  round(price: number): number {
    return Math.round(price * this.scale) / this.scale;
  }

  /** Smallest grid price ≥ `price` (tolerating binary noise just above a grid point). */
  ceil(price: number): number {
    return Math.ceil(price * this.scale - 1e-7) / this.scale;
  }

  /** The grid price `ticks` ticks away from a grid price. */
  shift(price: number, ticks: number): number {
    return Math.round(price * this.scale + ticks) / this.scale;
  }
}

/** Cash amounts (dividends) and equity prices are in whole cents. */
export const CENTS = new PriceGrid(2);
