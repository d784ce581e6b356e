import type { Swing } from '../swings/types.js';
import { horizontalLine, patternPoint } from './lines.js';
import type { ChartPatternParams } from './options.js';
import type { PatternDraft } from './types.js';

/**
 * Triple top (bottom) ending at swing `i`: three highs (lows) whose range is within `equalToleranceAtr`,
 * separated by two swing lows (highs). Neckline = the lower of the two lows (higher of the two highs);
 * breakout = a close through it; invalidation = a close beyond the most extreme top (bottom);
 * target = neckline ∓ height.
 */
export function detectTripleTopBottom(
  swings: readonly Swing[],
  i: number,
  atr: Float64Array,
  p: ChartPatternParams,
): PatternDraft | null {
  if (i < 4) return null;
  const [a, m1, b, m2, c] = [swings[i - 4]!, swings[i - 3]!, swings[i - 2]!, swings[i - 1]!, swings[i]!];
  const t = c.knownAt;
  const unit = atr[t]!;
  const width = c.index - a.index;
  if (width < p.minPatternBars || width > p.maxPatternBars) return null;
  const hi = Math.max(a.price, b.price, c.price);
  const lo = Math.min(a.price, b.price, c.price);
  if (hi - lo > p.equalToleranceAtr * unit) return null;
  const top = c.kind === 'high';
  const neckline = top ? Math.min(m1.price, m2.price) : Math.max(m1.price, m2.price);
  const extreme = top ? hi : lo;
  const height = Math.abs(extreme - neckline);
  if (height < p.minHeightAtr * unit) return null;
  const [e, m] = top ? ['top', 'trough'] : ['bottom', 'peak'];
  return {
    type: top ? 'triple_top' : 'triple_bottom',
    family: top ? 'top' : 'bottom',
    bias: top ? 'bearish' : 'bullish',
    points: [
      patternPoint(`${e}_1`, i - 4, a),
      patternPoint(`${m}_1`, i - 3, m1),
      patternPoint(`${e}_2`, i - 2, b),
      patternPoint(`${m}_2`, i - 1, m2),
      patternPoint(`${e}_3`, i, c),
    ],
    detectedAt: t,
    height,
    breakout: horizontalLine(t, neckline),
    invalidation: horizontalLine(t, extreme),
    target: top ? neckline - height : neckline + height,
    expiresAt: t + p.maxBreakoutBars,
  };
}
