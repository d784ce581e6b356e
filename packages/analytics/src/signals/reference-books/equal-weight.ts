import { type BookWindow, type PricePanel, priced } from './panel.js';
import { runWeightedBook, type WeightedBookRun } from './weighted-book.js';

export interface EqualWeightOptions {
  /** Commission and slippage per side, in basis points of the notional traded. */
  readonly costBps: number;
  /**
   * `never`: buy 1/N of every ticker priced on the first session and hold (weights drift; the exit is
   * not charged: the book is still held at the end). `monthly`: back to 1/N of the tickers priced at the
   * close of the first session of each month.
   */
  readonly rebalance?: 'never' | 'monthly';
}

/** Whether session i is the window's first or the first of a calendar month. */
export function monthStart(panel: PricePanel, window: BookWindow, i: number): boolean {
  return i === window.from || panel.dates[i]?.slice(0, 7) !== panel.dates[i - 1]?.slice(0, 7);
}

function equalWeights(panel: PricePanel, i: number): Map<number, number> {
  const eligible = panel.close.flatMap((c, j) => (priced(c[i]) ? [j] : []));
  return new Map(eligible.map((j) => [j, 1 / eligible.length]));
}

/** Equal weight of the universe, bought on the window's first session (and rebalanced monthly if asked). */
export function equalWeightBook(
  panel: PricePanel,
  window: BookWindow,
  options: EqualWeightOptions,
): WeightedBookRun {
  const monthly = options.rebalance === 'monthly';
  return runWeightedBook(
    panel,
    window,
    (i) =>
      i === window.from || (monthly && monthStart(panel, window, i)) ? equalWeights(panel, i) : undefined,
    options.costBps,
  );
}

/**
 * The same book held at a constant fraction `exposure` of capital, the rest in cash earning nothing:
 * each day's return is `exposure` times the full book's (rebalanced to the fraction daily; those small
 * trades are not charged, the full book's costs are, in proportion). Used to set equal weight beside
 * the cards book at the cards' average exposure.
 */
export function atExposure(equity: ArrayLike<number>, exposure: number): Float64Array {
  const out = new Float64Array(equity.length);
  let prev = 1;
  let e = 1;
  for (let i = 0; i < equity.length; i++) {
    const x = equity[i] as number;
    e *= 1 + exposure * (x / prev - 1);
    prev = x;
    out[i] = e;
  }
  return out;
}
