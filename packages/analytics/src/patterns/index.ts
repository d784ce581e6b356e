// Candlestick patterns (TA-Lib's 61), chart patterns from swing points, support/resistance levels.
export * from './candlestick/index.js';
export * from './chart/index.js';
export * from './levels/index.js';
export * from './swings/index.js';
