import { checkedPlan } from '../levels.js';
import { at, type Setup, targets } from './setup.js';

/**
 * Trend pullback: an established uptrend (close above the 200-day SMA, 20-day EMA above the 50-day,
 * ADX ≥ 20) whose latest bar dipped to the 20-day EMA with RSI(14) cooled to 38–55 while holding the
 * 50-day EMA. Entry: the 20-day EMA ± ¼ ATR (not published when the close is under it, ADR 0087). Stop: below the lower of the 10-day low and the 50-day EMA,
 * less ½ ATR. T1: the 20-day high if ≥ 1.5R away, else 1.5R; T2: 3R.
 */
export const trendPullback: Setup = {
  id: 'trend_pullback',
  name: 'Trend pullback',
  expiryBars: 10,
  detect(f, t) {
    const c = at(f.bars.close, t);
    const a = at(f.atr14, t);
    const e20 = at(f.ema20, t);
    const e50 = at(f.ema50, t);
    const r = at(f.rsi14, t);
    if (!(c > at(f.sma200, t) && e20 > e50 && at(f.adx14, t) >= 20)) return undefined;
    if (!(at(f.bars.low, t) <= e20 + 0.25 * a && c >= e50 && r >= 38 && r <= 55)) return undefined;
    const entryLow = e20 - 0.25 * a;
    const entryHigh = e20 + 0.25 * a;
    const stop = Math.min(at(f.low10, t), e50) - 0.5 * a;
    const mid = (entryLow + entryHigh) / 2;
    const { t1, t2 } = targets(mid, mid - stop, at(f.high20, t));
    return checkedPlan({ entryLow, entryHigh, stop, t1, t2, level: { kind: 'ema20', price: e20 } }, c);
  },
};
