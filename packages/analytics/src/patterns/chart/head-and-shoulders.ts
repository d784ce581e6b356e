import type { Swing } from '../swings/types.js';
import { fitLine, horizontalLine, lineAt, patternPoint } from './lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Head and shoulders (inverse) ending at swing `i`: left shoulder, neck, head, neck, right shoulder. The head
 * exceeds both shoulders by `headMinAtr`; the shoulders differ by at most `shoulderToleranceAtr` and the
 * neck points by at most `necklineToleranceAtr`. Breakout = a close through the (possibly sloped) neckline
 * through the two neck points; invalidation = a close beyond the head; height = head − neckline at the
 * head's bar; target = neckline at detection ∓ height.
 */
export function detectHeadAndShoulders(
  swings: readonly Swing[],
  i: number,
  atr: Float64Array,
  p: ChartPatternParams,
): PatternDraft | null {
  if (i < 4) return null;
  const [ls, n1, head, n2, rs] = [swings[i - 4]!, swings[i - 3]!, swings[i - 2]!, swings[i - 1]!, swings[i]!];
  const t = rs.knownAt;
  const unit = atr[t]!;
  const width = rs.index - ls.index;
  if (width < p.minPatternBars || width > p.maxPatternBars) return null;
  const top = rs.kind === 'high';
  const s = top ? 1 : -1;
  if (
    s * (head.price - (top ? Math.max(ls.price, rs.price) : Math.min(ls.price, rs.price))) <
    p.headMinAtr * unit
  ) {
    return null;
  }
  if (Math.abs(ls.price - rs.price) > p.shoulderToleranceAtr * unit) return null;
  if (Math.abs(n1.price - n2.price) > p.necklineToleranceAtr * unit) return null;
  const neckline = fitLine([n1, n2], t);
  const height = s * (head.price - lineAt(neckline, head.index));
  if (height < p.minHeightAtr * unit) return null;
  return {
    type: top ? 'head_and_shoulders' : 'inverse_head_and_shoulders',
    family: top ? 'top' : 'bottom',
    bias: top ? 'bearish' : 'bullish',
    points: [
      patternPoint('left_shoulder', i - 4, ls),
      patternPoint('neck_1', i - 3, n1),
      patternPoint('head', i - 2, head),
      patternPoint('neck_2', i - 1, n2),
      patternPoint('right_shoulder', i, rs),
    ],
    detectedAt: t,
    height,
    breakout: neckline,
    invalidation: horizontalLine(t, head.price),
    target: neckline.level - s * height,
    expiresAt: t + p.maxBreakoutBars,
  };
}
