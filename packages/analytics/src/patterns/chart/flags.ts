import type { Swing } from '../swings/types.js';
import { fitLine, lineAt, patternPoint } from './lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Flags and pennants on the finer flag swings, ending at swing `i`: a pole A→B of at least `poleMinAtr`
 * within `poleMaxBars`, then a consolidation B, C, D, E (within `flagMaxBars` of B) that retraces at most
 * `flagMaxRetrace` of the pole and does not exceed the pole's end. The pole-side line runs through B and D,
 * the far line through C and E. Parallel lines whose slope is flat or against the pole make a flag,
 * converging lines a pennant. Bias = pole direction; breakout = a close through the pole-side line;
 * invalidation = a close through the far line; target = breakout level at detection ± pole length.
 */
export function detectFlag(
  swings: readonly Swing[],
  i: number,
  atr: Float64Array,
  p: ChartPatternParams,
): PatternDraft | null {
  if (i < 4) return null;
  const [a, b, c, d, e] = [swings[i - 4]!, swings[i - 3]!, swings[i - 2]!, swings[i - 1]!, swings[i]!];
  const t = e.knownAt;
  const unit = atr[t]!;
  const s = a.kind === 'low' ? 1 : -1;
  const pole = s * (b.price - a.price);
  if (pole < p.poleMinAtr * unit || b.index - a.index > p.poleMaxBars) return null;
  const width = e.index - b.index;
  if (width > p.flagMaxBars) return null;
  if (s * (d.price - b.price) > 0) return null;
  const deepest = s > 0 ? Math.min(c.price, e.price) : Math.max(c.price, e.price);
  if (s * (b.price - deepest) > p.flagMaxRetrace * pole) return null;
  const near = fitLine([b, d], t);
  const far = fitLine([c, e], t);
  const gapStart = s * (lineAt(near, b.index) - lineAt(far, b.index));
  const gapEnd = s * (lineAt(near, e.index) - lineAt(far, e.index));
  if (!(gapStart > 0 && gapEnd > 0)) return null;
  const ratio = gapEnd / gapStart;
  let type: 'flag' | 'pennant';
  let expiresAt = t + p.flagBreakoutBars;
  if (ratio <= p.convergingMaxRatio) {
    type = 'pennant';
    const apex = Math.floor(t + (far.level - near.level) / (near.slope - far.slope));
    if (apex <= t) return null;
    expiresAt = Math.min(expiresAt, apex);
  } else if (
    Math.abs(ratio - 1) <= p.parallelMaxDeviation &&
    s * near.slope * width < p.flatToleranceAtr * unit
  ) {
    type = 'flag';
  } else {
    return null;
  }
  return {
    type,
    family: 'flag',
    bias: s > 0 ? 'bullish' : 'bearish',
    points: [
      patternPoint('pole_start', i - 4, a),
      patternPoint('pole_end', i - 3, b),
      patternPoint('flag_1', i - 2, c),
      patternPoint('flag_2', i - 1, d),
      patternPoint('flag_3', i, e),
    ],
    detectedAt: t,
    height: pole,
    breakout: near,
    invalidation: far,
    target: near.level + s * pole,
    expiresAt,
  };
}
