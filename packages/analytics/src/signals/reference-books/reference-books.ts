import { type BookStats, bookStats } from './book-stats.js';
import { type BookTrade, CARDS_BOOK_DEFAULTS, cardsBook } from './cards-book.js';
import { atExposure, equalWeightBook } from './equal-weight.js';
import { MOMENTUM_DEFAULTS, momentumBook } from './momentum.js';
import type { BookWindow, PricePanel } from './panel.js';

export interface ReferenceBooksOptions {
  /** Commission and slippage per side in basis points, the same for every book (the cards' setting). */
  readonly costBps: number;
  /** Capital risked per card (default 1 %). */
  readonly riskPerCard?: number;
  /** The cards book's cap on gross exposure (default 1: no leverage). */
  readonly maxGrossExposure?: number;
  /** Tickers the momentum book holds (default 10). */
  readonly momentumTop?: number;
}

export interface Book {
  readonly stats: BookStats;
  /** Mean gross exposure over the window's closes (1 = fully invested). */
  readonly average_exposure: number;
  /** Equity at each session's close, from 1 before the first. */
  readonly equity: Float64Array;
}

export interface ReferenceBooks {
  readonly dates: readonly string[];
  readonly settings: {
    readonly cost_bps_per_side: number;
    readonly risk_per_card: number;
    readonly max_gross_exposure: number;
    readonly momentum: { readonly top: number; readonly lookback: number; readonly skip: number };
  };
  /** `trades`: cards taken; `no_room`: filled cards not taken for want of room under the cap. */
  readonly cards: Book & { readonly trades: number; readonly no_room: number };
  readonly equal_weight: Book;
  /** Equal weight held at the cards book's average exposure, the rest in cash. */
  readonly equal_weight_at_cards_exposure: Book;
  readonly momentum: Book;
}

const mean = (x: Float64Array) => (x.length === 0 ? 0 : x.reduce((a, b) => a + b, 0) / x.length);

function book(equity: Float64Array, exposure: Float64Array): Book {
  return { stats: bookStats(equity), average_exposure: mean(exposure), equity };
}

/**
 * The cards as a book beside the simple things a trader could have done instead, on the same sessions,
 * universe and costs: equal weight bought and held (plain, and at the cards' average exposure) and the
 * 12-1 momentum top-N rebalanced monthly.
 */
export function referenceBooks(
  panel: PricePanel,
  window: BookWindow,
  trades: readonly BookTrade[],
  options: ReferenceBooksOptions,
): ReferenceBooks {
  const riskPerCard = options.riskPerCard ?? CARDS_BOOK_DEFAULTS.riskPerCard;
  const maxGrossExposure = options.maxGrossExposure ?? CARDS_BOOK_DEFAULTS.maxGrossExposure;
  const top = options.momentumTop ?? MOMENTUM_DEFAULTS.top;
  const cards = cardsBook(panel, window, trades, { riskPerCard, maxGrossExposure });
  const ew = equalWeightBook(panel, window, { costBps: options.costBps });
  const cardsExposure = mean(cards.exposure);
  const scaled = atExposure(ew.equity, cardsExposure);
  const mom = momentumBook(panel, window, { costBps: options.costBps, top });
  return {
    dates: panel.dates.slice(window.from, window.to + 1),
    settings: {
      cost_bps_per_side: options.costBps,
      risk_per_card: riskPerCard,
      max_gross_exposure: maxGrossExposure,
      momentum: { top, lookback: MOMENTUM_DEFAULTS.lookback, skip: MOMENTUM_DEFAULTS.skip },
    },
    cards: { ...book(cards.equity, cards.exposure), trades: cards.trades, no_room: cards.no_room },
    equal_weight: book(ew.equity, ew.exposure),
    equal_weight_at_cards_exposure: {
      stats: bookStats(scaled),
      average_exposure: cardsExposure * mean(ew.exposure),
      equity: scaled,
    },
    momentum: book(mom.equity, mom.exposure),
  };
}
