import { breakoutVolume } from './breakout-volume.js';
import { meanReversionInTrend } from './mean-reversion-in-trend.js';
import { momentumContinuation } from './momentum-continuation.js';
import { patternReversalAtLevel } from './pattern-reversal-at-level.js';
import type { Setup } from './setup.js';
import { trendPullback } from './trend-pullback.js';
import { volatilitySqueeze } from './volatility-squeeze.js';

export type { Setup } from './setup.js';

/** Every setup, in ranking tie-break order. */
export const SETUPS: readonly Setup[] = [
  trendPullback,
  breakoutVolume,
  meanReversionInTrend,
  momentumContinuation,
  patternReversalAtLevel,
  volatilitySqueeze,
];
