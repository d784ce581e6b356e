import { type Boundaries, boundaryDraft } from './boundary-lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Triangles — converging boundaries:
 * ascending = flat upper + rising lower (bullish); descending = falling upper + flat lower (bearish);
 * symmetric = falling upper + rising lower, biased in the direction price entered it (continuation).
 */
export function detectTriangle(b: Boundaries, p: ChartPatternParams): PatternDraft | null {
  if (b.shape !== 'converging') return null;
  if (b.upperDir === 'flat' && b.lowerDir === 'up')
    return boundaryDraft(b, 'ascending_triangle', 'bullish', p);
  if (b.upperDir === 'down' && b.lowerDir === 'flat')
    return boundaryDraft(b, 'descending_triangle', 'bearish', p);
  if (b.upperDir === 'down' && b.lowerDir === 'up') {
    return boundaryDraft(b, 'symmetric_triangle', b.enteredRising ? 'bullish' : 'bearish', p);
  }
  return null;
}
