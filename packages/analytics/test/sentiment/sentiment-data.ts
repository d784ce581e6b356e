/**
 * Test access to the shared Twitter financial news sentiment splits (read at run time, never
 * copied). Reuses the training script's RFC 4180 reader and label mapping
 * (codes per SOURCES.md: 0 = Bearish, 1 = Bullish, 2 = Neutral).
 */
export { readSentimentSplit } from '../../scripts/train-sentiment.js';
