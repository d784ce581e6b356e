import {
  type Book,
  type BookTrade,
  type CardLevels,
  entryPrice,
  pricePanel,
  type ReferenceBooks,
  referenceBooks,
  windowOf,
} from '@bellwether/analytics';
import type { DailySeries } from '../market/store/types.js';

export interface ReferenceBooksSettings {
  readonly costBps: number;
  /** Capital risked per card (default 1 %) and the cap on the cards book's gross exposure (1). */
  readonly riskPerCard?: number;
  readonly maxGrossExposure?: number;
  /** Tickers in the momentum book (default 10). */
  readonly momentumTop?: number;
}

/** A filled card as the books need it: its levels, its fill and exit sessions, its R and cost in R. */
export interface FilledCard {
  readonly ticker: string;
  readonly levels: CardLevels;
  readonly fill_date: string;
  readonly exit_date: string;
  readonly fill_price: number;
  readonly r_multiple: number;
  readonly cost_r: number;
}

const r6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

function serialise(book: Book) {
  return {
    annual_return: r6(book.stats.annual_return),
    volatility: r6(book.stats.volatility),
    sharpe: r6(book.stats.sharpe),
    max_drawdown: r6(book.stats.max_drawdown),
    total_return: r6(book.stats.total_return),
    average_exposure: r6(book.average_exposure) as number,
    equity: [...book.equity].map((x) => r6(x) as number),
  };
}

/** The JSON shape of the books (`bellwether backtest --json`, `/cards/performance`). */
export function booksJson(books: ReferenceBooks) {
  return {
    settings: books.settings,
    dates: books.dates,
    cards: { ...serialise(books.cards), trades: books.cards.trades, no_room: books.cards.no_room },
    equal_weight: serialise(books.equal_weight),
    equal_weight_at_cards_exposure: serialise(books.equal_weight_at_cards_exposure),
    momentum: serialise(books.momentum),
  };
}

export type BooksJson = ReturnType<typeof booksJson>;

/**
 * The cards as a book beside equal weight and 12-1 momentum of the same tickers, over the sessions of
 * `from … to` in their (split- and dividend-adjusted) series, at the cards' costs. Null when no session
 * of the series falls in the window.
 */
export function referenceBooksOf(
  series: readonly Pick<DailySeries, 'ticker' | 'dates' | 'close'>[],
  cards: readonly FilledCard[],
  from: string,
  to: string,
  settings: ReferenceBooksSettings,
): BooksJson | null {
  const panel = pricePanel(series.map((s) => ({ ticker: s.ticker, dates: s.dates, close: s.close })));
  const window = windowOf(panel, from, to);
  if (window === null) return null;
  const trades: BookTrade[] = cards.map((c) => ({
    ticker: c.ticker,
    direction: c.levels.direction,
    fill_date: c.fill_date,
    exit_date: c.exit_date,
    fill_price: c.fill_price,
    risk_per_share: Math.abs(entryPrice(c.levels) - c.levels.stop),
    r_multiple: c.r_multiple,
    cost_r: c.cost_r,
  }));
  return booksJson(
    referenceBooks(panel, window, trades, {
      costBps: settings.costBps,
      ...(settings.riskPerCard === undefined ? {} : { riskPerCard: settings.riskPerCard }),
      ...(settings.maxGrossExposure === undefined ? {} : { maxGrossExposure: settings.maxGrossExposure }),
      ...(settings.momentumTop === undefined ? {} : { momentumTop: settings.momentumTop }),
    }),
  );
}

/** The record's books as the compute pool computes them (structured-clonable: columns, no functions). */
export interface BooksComputeInput {
  readonly series: readonly Pick<DailySeries, 'ticker' | 'dates' | 'close'>[];
  readonly cards: readonly FilledCard[];
  readonly from: string;
  readonly to: string;
  readonly settings: ReferenceBooksSettings;
}

/** {@link referenceBooksOf} on one input: what a compute thread runs for `/cards/performance`. */
export function computeBooks(x: BooksComputeInput): BooksJson | null {
  return referenceBooksOf(x.series, x.cards, x.from, x.to, x.settings);
}
