import type { Swing } from '../swings/types.js';
import { horizontalLine, patternPoint } from './lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Double top (bottom) ending at swing `i`: two highs (lows) within `equalToleranceAtr`, separated by a swing
 * low (high) at least `minHeightAtr` away, `minPatternBars`..`maxPatternBars` apart. Neckline = the middle
 * swing; breakout = a close through it; invalidation = a close beyond the more extreme top (bottom);
 * target = neckline ∓ height, height = |extreme − neckline|.
 */
export function detectDoubleTopBottom(
  swings: readonly Swing[],
  i: number,
  atr: Float64Array,
  p: ChartPatternParams,
): PatternDraft | null {
  if (i < 2) return null;
  const a = swings[i - 2]!;
  const mid = swings[i - 1]!;
  const b = swings[i]!;
  const t = b.knownAt;
  const unit = atr[t]!;
  const width = b.index - a.index;
  if (width < p.minPatternBars || width > p.maxPatternBars) return null;
  if (Math.abs(a.price - b.price) > p.equalToleranceAtr * unit) return null;
  const top = b.kind === 'high';
  const extreme = top ? Math.max(a.price, b.price) : Math.min(a.price, b.price);
  const height = Math.abs(extreme - mid.price);
  if (height < p.minHeightAtr * unit) return null;
  return {
    type: top ? 'double_top' : 'double_bottom',
    family: top ? 'top' : 'bottom',
    bias: top ? 'bearish' : 'bullish',
    points: top
      ? [
          patternPoint('first_top', i - 2, a),
          patternPoint('trough', i - 1, mid),
          patternPoint('second_top', i, b),
        ]
      : [
          patternPoint('first_bottom', i - 2, a),
          patternPoint('peak', i - 1, mid),
          patternPoint('second_bottom', i, b),
        ],
    detectedAt: t,
    height,
    breakout: horizontalLine(t, mid.price),
    invalidation: horizontalLine(t, extreme),
    target: top ? mid.price - height : mid.price + height,
    expiresAt: t + p.maxBreakoutBars,
  };
}
