import { RULES } from '../evidence.js';
import { checkedPlan } from '../levels.js';
import { at, type Setup, targets } from './setup.js';

/**
 * Momentum continuation: within 3 % of the 250-day high, ADX ≥ 25, RSI(14) 55–75 and the averages
 * stacked (20-day EMA > 50-day EMA > 200-day SMA). Entry: the close down to ½ ATR below it. Stop: the
 * lower of 2.5 ATR under the close and the 10-day low less ¼ ATR. T1 1.5R, T2 3R.
 */
export const momentumContinuation: Setup = {
  id: 'momentum_continuation',
  name: 'Momentum continuation',
  expiryBars: 10,
  detect(f, t) {
    const c = at(f.bars.close, t);
    const a = at(f.atr14, t);
    const r = at(f.rsi14, t);
    const e20 = at(f.ema20, t);
    const e50 = at(f.ema50, t);
    const h = at(f.high250, t);
    // Within 3 % of the high as a distance, not a factor: on the mirrored series (shorts) the high is
    // negative, and 0.97 × a negative high lies above it, where no close can be.
    if (
      !(
        c >= h - (RULES.momentum_within_pct / 100) * Math.abs(h) &&
        at(f.adx14, t) >= 25 &&
        r >= 55 &&
        r <= 75
      )
    )
      return undefined;
    if (!(e20 > e50 && e50 > at(f.sma200, t))) return undefined;
    const entryLow = c - 0.5 * a;
    const entryHigh = c;
    const stop = Math.min(c - 2.5 * a, at(f.low10, t) - 0.25 * a);
    const mid = (entryLow + entryHigh) / 2;
    const { t1, t2 } = targets(mid, mid - stop, undefined);
    return checkedPlan({
      entryLow,
      entryHigh,
      stop,
      t1,
      t2,
      level: { kind: 'high250', price: h },
    });
  },
};
