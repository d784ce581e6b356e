import { RULES } from '../evidence.js';
import { checkedPlan } from '../levels.js';
import { at, type Setup, targets } from './setup.js';

/**
 * Mean reversion in trend: above the 200-day SMA, the close stretched below the lower Bollinger band
 * (20, 2) or RSI(14) under 32. Entry: the close − ¼ ATR to + ⅒ ATR. Stop: under the lower of the bar's
 * low and the 10-day low, less ¾ ATR. T1: the 20-day mean if ≥ 1.5R away, else 1.5R; T2: 3R.
 */
export const meanReversionInTrend: Setup = {
  id: 'mean_reversion_in_trend',
  name: 'Mean reversion in trend',
  expiryBars: 10,
  detect(f, t) {
    const c = at(f.bars.close, t);
    const a = at(f.atr14, t);
    if (!(c > at(f.sma200, t) && (c < at(f.bbLower, t) || at(f.rsi14, t) < RULES.mean_reversion_rsi_long)))
      return undefined;
    const entryLow = c - 0.25 * a;
    const entryHigh = c + 0.1 * a;
    const stop = Math.min(at(f.bars.low, t), at(f.low10, t)) - 0.75 * a;
    const mid = (entryLow + entryHigh) / 2;
    const { t1, t2 } = targets(mid, mid - stop, at(f.sma20, t));
    return checkedPlan({
      entryLow,
      entryHigh,
      stop,
      t1,
      t2,
      level: { kind: 'sma20', price: at(f.sma20, t) },
    });
  },
};
