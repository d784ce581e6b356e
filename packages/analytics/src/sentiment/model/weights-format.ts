import type { FeatureConfig } from '../features.js';

/** Layout of `weights.gen.json`, written by `scripts/train-sentiment.ts`. */
export interface SentimentWeights {
  readonly format: 1;
  /** Class order of every weight row (bearish, neutral, bullish). */
  readonly labels: readonly string[];
  readonly featureConfig: FeatureConfig;
  /** Stored integers divided by `scale` give the real weights. */
  readonly scale: number;
  /** One per label. */
  readonly bias: readonly number[];
  /** DENSE_FEATURES.length × labels, row-major. */
  readonly dense: readonly number[];
  /** Sparse feature names, sorted. */
  readonly features: readonly string[];
  /** features.length × labels, row-major. */
  readonly weights: readonly number[];
  /** Inverse document frequency per sparse feature, as integers divided by `idfScale`. */
  readonly idf: readonly number[];
  readonly idfScale: number;
  /** Provenance of the fit (options, row counts, training-set fingerprint). */
  readonly training: Readonly<Record<string, string | number | boolean>>;
}
