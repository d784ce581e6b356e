import { type Boundaries, boundaryDraft } from './boundary-lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Wedges — converging boundaries sloping the same way: rising wedge = both lines rising (bearish, breaks
 * down through the lower line); falling wedge = both falling (bullish, breaks up through the upper line).
 */
export function detectWedge(b: Boundaries, p: ChartPatternParams): PatternDraft | null {
  if (b.shape !== 'converging') return null;
  if (b.upperDir === 'up' && b.lowerDir === 'up') return boundaryDraft(b, 'rising_wedge', 'bearish', p);
  if (b.upperDir === 'down' && b.lowerDir === 'down') return boundaryDraft(b, 'falling_wedge', 'bullish', p);
  return null;
}
