// Trade cards: one session's publication over the platform's market store (what the scheduler and
// `bellwether publish` run). See docs/adr/0050-trade-cards.md.

// The backtest (what `bellwether backtest` runs) and the per-card nulls, for the benchmarks.
export { runBacktest } from './backtest.js';
export { cardNulls } from './card-nulls.js';
export { publicationDeps } from './publication-deps.js';
export { type PublicationDeps, type PublicationResult, publishSession } from './publish-session.js';
