export { type BookStats, bookStats } from './book-stats.js';
export { type BookTrade, CARDS_BOOK_DEFAULTS, type CardsBookOptions, cardsBook } from './cards-book.js';
export { atExposure, equalWeightBook } from './equal-weight.js';
export { MOMENTUM_DEFAULTS, type MomentumOptions, momentumBook } from './momentum.js';
export { type BookWindow, type PanelSeries, type PricePanel, pricePanel, windowOf } from './panel.js';
export {
  type Book,
  type ReferenceBooks,
  type ReferenceBooksOptions,
  referenceBooks,
} from './reference-books.js';
