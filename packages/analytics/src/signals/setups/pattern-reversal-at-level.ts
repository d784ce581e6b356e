import { checkedPlan } from '../levels.js';
import { at, type Setup, targets } from './setup.js';

/**
 * Pattern-confirmed reversal at a level: a bullish engulfing, hammer or morning star (TA-Lib
 * definitions) whose low tests the prior 50-day low within ½ ATR. Entry: the pattern's high, up to ¼ ATR
 * above it. Stop: ¼ ATR under the pattern's low. T1: the 20-day mean if ≥ 1.5R away, else 1.5R; T2: 3R.
 *
 * Published only when the zone is one the broker integration's bracket fills inside: the pattern bar
 * closed at its high, so the zone starts at the close (ADR 0087, addendum of 2026-12-07). A zone above the
 * close is a breakout entry — a stop order the integration does not send; its limit would buy at once,
 * under the zone, at a price the card never stated — and is not published.
 */
export const patternReversalAtLevel: Setup = {
  id: 'pattern_reversal_at_level',
  name: 'Pattern-confirmed reversal at a level',
  expiryBars: 10,
  detect(f, t) {
    const pattern = f.bullishPattern[t];
    if (pattern === undefined) return undefined;
    const a = at(f.atr14, t);
    const support = at(f.low50, t - 1);
    const low = at(f.bars.low, t);
    if (!(low <= support + 0.5 * a && low >= support - a)) return undefined;
    const h = at(f.bars.high, t);
    const entryLow = h;
    const entryHigh = h + 0.25 * a;
    const stop = low - 0.25 * a;
    const mid = (entryLow + entryHigh) / 2;
    const { t1, t2 } = targets(mid, mid - stop, at(f.sma20, t));
    return checkedPlan(
      {
        entryLow,
        entryHigh,
        stop,
        t1,
        t2,
        level: { kind: 'low50', price: support },
        pattern,
      },
      at(f.bars.close, t),
    );
  },
};
