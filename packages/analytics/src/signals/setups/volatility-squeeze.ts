import { RULES } from '../evidence.js';
import { checkedPlan } from '../levels.js';
import { at, type Setup, targets } from './setup.js';

/**
 * Volatility squeeze: yesterday's Bollinger width (20, 2) within 5 % of its 120-day low, and today's
 * close breaks above the upper band, above the 50-day EMA. Entry: the close down to ½ ATR below it.
 * Stop: the lower of the 20-day mean less ½ ATR and 2 ATR under the close. T1 1.5R, T2 3R.
 */
export const volatilitySqueeze: Setup = {
  id: 'volatility_squeeze',
  name: 'Volatility squeeze',
  expiryBars: 10,
  detect(f, t) {
    const c = at(f.bars.close, t);
    const a = at(f.atr14, t);
    // Widths are shares of the price's size, positive on the mirrored series too (features.ts).
    const within = 1 + RULES.squeeze_within_pct / 100;
    if (!(at(f.bbWidth, t - 1) <= within * at(f.bbWidthMin120, t - 1))) return undefined;
    if (!(c > at(f.bbUpper, t) && c > at(f.ema50, t))) return undefined;
    const entryLow = c - 0.5 * a;
    const entryHigh = c;
    const stop = Math.min(at(f.sma20, t) - 0.5 * a, c - 2 * a);
    const mid = (entryLow + entryHigh) / 2;
    const { t1, t2 } = targets(mid, mid - stop, undefined);
    return checkedPlan({
      entryLow,
      entryHigh,
      stop,
      t1,
      t2,
      level: { kind: 'bb_upper', price: at(f.bbUpper, t) },
    });
  },
};
