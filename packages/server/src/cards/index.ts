// Trade cards: one session's publication over the platform's market store (what the scheduler and
// `bellwether publish` run). See docs/adr/0050-trade-cards.md.
export { publicationDeps } from './publication-deps.js';
export { type PublicationDeps, type PublicationResult, publishSession } from './publish-session.js';
