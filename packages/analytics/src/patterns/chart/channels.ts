import { type Boundaries, boundaryDraft } from './boundary-lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Channels — parallel boundaries: up (both rising, bullish: breakout above the upper line), down (both
 * falling, bearish), horizontal (both flat, biased in the direction price entered it).
 */
export function detectChannel(b: Boundaries, p: ChartPatternParams): PatternDraft | null {
  if (b.shape !== 'parallel') return null;
  if (b.upperDir === 'up' && b.lowerDir === 'up') return boundaryDraft(b, 'channel_up', 'bullish', p);
  if (b.upperDir === 'down' && b.lowerDir === 'down') return boundaryDraft(b, 'channel_down', 'bearish', p);
  if (b.upperDir === 'flat' && b.lowerDir === 'flat') {
    return boundaryDraft(b, 'channel_horizontal', b.enteredRising ? 'bullish' : 'bearish', p);
  }
  return null;
}
