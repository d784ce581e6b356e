// Owned by the patterns work: candlestick patterns, chart patterns, support/resistance.
export * from './candlestick/index.js';
