export { type BookStats, bookStats, equityReturns } from './book-stats.js';
export {
  type BookTrade,
  CARDS_BOOK_DEFAULTS,
  type CardsBookOptions,
  type CardsBookRun,
  cardsBook,
} from './cards-book.js';
export { atExposure, type EqualWeightOptions, equalWeightBook } from './equal-weight.js';
export { MOMENTUM_DEFAULTS, type MomentumOptions, momentumBook, momentumScore } from './momentum.js';
export { type BookWindow, type PanelSeries, type PricePanel, pricePanel, windowOf } from './panel.js';
export {
  type Book,
  type ReferenceBooks,
  type ReferenceBooksOptions,
  referenceBooks,
} from './reference-books.js';
export { runWeightedBook, type TargetWeights, type WeightedBookRun } from './weighted-book.js';
