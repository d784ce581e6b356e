import { checkedPlan } from '../levels.js';
import { at, type Setup } from './setup.js';

/**
 * Breakout with volume: the close clears the prior 20-day high on at least 1.5× the 20-day average
 * volume, above the 50-day EMA. Entry: a retest of the breakout level, up to 0.35 ATR above it. Stop: 1 ATR
 * under the level. Targets: the measured move — half and all of the 20-day base's height — or 1.5R and
 * 3R, whichever is further.
 */
export const breakoutVolume: Setup = {
  id: 'breakout_volume',
  name: 'Breakout with volume',
  expiryBars: 10,
  detect(f, t) {
    const c = at(f.bars.close, t);
    const a = at(f.atr14, t);
    const level = at(f.high20, t - 1);
    if (!(c > level && at(f.bars.volume, t) >= 1.5 * at(f.volumeAvg20, t - 1) && c > at(f.ema50, t)))
      return undefined;
    const height = level - at(f.low20, t - 1);
    const entryLow = level;
    const entryHigh = level + 0.35 * a;
    const stop = level - a;
    const mid = (entryLow + entryHigh) / 2;
    const risk = mid - stop;
    const t1 = mid + Math.max(1.5 * risk, 0.5 * height);
    const t2 = Math.max(mid + Math.max(3 * risk, height), t1 + risk);
    return checkedPlan({ entryLow, entryHigh, stop, t1, t2, level: { kind: 'breakout', price: level } });
  },
};
