import type { Swing } from '../swings/types.js';
import { fitBoundaries } from './boundary-lines.js';
import { detectChannel } from './channels.js';
import { detectDoubleTopBottom } from './double-top-bottom.js';
import { detectFlag } from './flags.js';
import { detectHeadAndShoulders } from './head-and-shoulders.js';
import type { ChartPatternParams } from './options.js';
import { detectTriangle } from './triangles.js';
import { detectTripleTopBottom } from './triple-top-bottom.js';
import type { PatternDraft } from './types.js';
import { detectWedge } from './wedges.js';

/**
 * Runs every detector at each swing as it becomes known, in priority order (head and shoulders, triple,
 * double, then boundary patterns; flags from the flag swings last). Drafts come out ordered by
 * `detectedAt`, then by swing, then by priority.
 */
export function collectDrafts(
  swings: readonly Swing[],
  flagSwings: readonly Swing[],
  atr: Float64Array,
  p: ChartPatternParams,
): PatternDraft[] {
  const primary: PatternDraft[] = [];
  for (let i = 0; i < swings.length; i++) {
    const hs = detectHeadAndShoulders(swings, i, atr, p);
    if (hs) primary.push(hs);
    const triple = detectTripleTopBottom(swings, i, atr, p);
    if (triple) primary.push(triple);
    const double = detectDoubleTopBottom(swings, i, atr, p);
    if (double) primary.push(double);
    const b = fitBoundaries(swings, i, atr, p);
    if (b) {
      const bounded = detectTriangle(b, p) ?? detectWedge(b, p) ?? detectChannel(b, p);
      if (bounded) primary.push(bounded);
    }
  }
  const flags: PatternDraft[] = [];
  for (let i = 0; i < flagSwings.length; i++) {
    const f = detectFlag(flagSwings, i, atr, p);
    if (f) flags.push(f);
  }
  // Both lists are ordered by detectedAt; a stable sort merges them with primary drafts first on ties.
  return [...primary, ...flags].sort((x, y) => x.detectedAt - y.detectedAt);
}
