import { monthStart } from './equal-weight.js';
import { type BookWindow, type PricePanel, priced } from './panel.js';
import { runWeightedBook, type WeightedBookRun } from './weighted-book.js';

export interface MomentumOptions {
  /** How many tickers the book holds, equally weighted (default 10). */
  readonly top?: number;
  /** Sessions in the formation period (default 252, twelve months). */
  readonly lookback?: number;
  /** Most recent sessions left out of it (default 21, one month: short-term reversal). */
  readonly skip?: number;
  /** Commission and slippage per side, in basis points of the notional traded. */
  readonly costBps: number;
}

export const MOMENTUM_DEFAULTS = { top: 10, lookback: 252, skip: 21 } as const;

/**
 * 12-1 momentum at session i from the closes through the session before it (nothing looks ahead):
 * close[i − 1 − skip] / close[i − 1 − lookback] − 1; NaN without both closes.
 */
function momentumScore(close: Float64Array, i: number, lookback: number, skip: number): number {
  const a = close[i - 1 - lookback];
  const b = close[i - 1 - skip];
  return priced(a) && priced(b) ? b / a - 1 : Number.NaN;
}

/**
 * The 12-1 momentum top-N book (Jegadeesh & Titman 1993; the "12-1" formation of Fama & French's UMD):
 * at the close of the window's first session and of the first session of every month, hold the `top`
 * tickers with the highest momentum score, equal weight, among those with a score and a close that day
 * (ties by ticker). Before any ticker has a year of history the book is in cash.
 */
export function momentumBook(
  panel: PricePanel,
  window: BookWindow,
  options: MomentumOptions,
): WeightedBookRun {
  const top = options.top ?? MOMENTUM_DEFAULTS.top;
  const lookback = options.lookback ?? MOMENTUM_DEFAULTS.lookback;
  const skip = options.skip ?? MOMENTUM_DEFAULTS.skip;
  return runWeightedBook(
    panel,
    window,
    (i) => {
      if (!monthStart(panel, window, i)) return undefined;
      const ranked = panel.close
        .map((c, j) => ({ j, score: priced(c[i]) ? momentumScore(c, i, lookback, skip) : Number.NaN }))
        .filter((x) => Number.isFinite(x.score))
        .sort(
          (a, b) =>
            b.score - a.score || ((panel.tickers[a.j] as string) < (panel.tickers[b.j] as string) ? -1 : 1),
        )
        .slice(0, Math.max(0, top));
      return new Map(ranked.map((x) => [x.j, 1 / ranked.length]));
    },
    options.costBps,
  );
}
