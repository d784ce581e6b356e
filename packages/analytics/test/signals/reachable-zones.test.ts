/**
 * Entry zones the broker integration's bracket can fill (issue #48, ADR 0087): a zone wholly beyond the
 * last close on the stop's side (long: above it — BAC closed 38.08 under a 38.58–39.05 pullback zone) is
 * met by a limit at its near edge that fills at once, under the zone. Such a plan is not published.
 */
import { describe, expect, it } from 'vitest';
import { bracketEntryLimit, prepareScan, resolvedHistory, tickRound } from '../../src/index.js';
import { checkedPlan } from '../../src/signals/levels.js';
import { pooksoftBars } from './pooksoft-bars.js';

describe('reachable entry zones', () => {
  it('a zone above the close is not published; a zone holding the close, or under it, is', () => {
    const plan = {
      entryLow: 38.58,
      entryHigh: 39.05,
      stop: 36.9,
      t1: 41.5,
      t2: 44,
      level: { kind: 'ema20', price: 38.8 },
    };
    expect(checkedPlan(plan, 38.08)).toBeUndefined();
    expect(checkedPlan(plan, 38.58)).toEqual(plan);
    expect(checkedPlan(plan, 38.7)).toEqual(plan);
    expect(checkedPlan(plan, 40)).toEqual(plan);
  });

  it('no trend-pullback zone of 10 real tickers over 16 years lies beyond the close on the stop side', () => {
    let pullbacks = 0;
    for (const { bars } of pooksoftBars(10)) {
      for (const { candidate: c } of resolvedHistory(prepareScan(bars))) {
        if (c.setup !== 'trend_pullback') continue;
        const close = Math.round((bars.close[c.t] as number) * 100) / 100;
        const { low, high } = c.levels.entry_zone;
        if (c.direction === 'long') expect(low, JSON.stringify(c.levels)).toBeLessThanOrEqual(close);
        else expect(high, JSON.stringify(c.levels)).toBeGreaterThanOrEqual(close);
        pullbacks++;
      }
    }
    expect(pullbacks).toBeGreaterThan(100);
  });

  it('no pattern-reversal zone of 10 real tickers over 16 years lies above the close (ADR 0087 addendum)', () => {
    // The zone starts at the pattern's high: published only when the bar closed there, so the bracket's
    // limit (the close held to the zone) is the zone's low, inside it.
    let reversals = 0;
    for (const { bars } of pooksoftBars(10)) {
      for (const { candidate: c } of resolvedHistory(prepareScan(bars))) {
        if (c.setup !== 'pattern_reversal_at_level') continue;
        const close = Math.round((bars.close[c.t] as number) * 100) / 100;
        const { low, high } = c.levels.entry_zone;
        if (c.direction === 'long') expect(low, JSON.stringify(c.levels)).toBeLessThanOrEqual(close);
        else expect(high, JSON.stringify(c.levels)).toBeGreaterThanOrEqual(close);
        expect(bracketEntryLimit(c.levels, close), JSON.stringify(c.levels)).toBe(
          c.direction === 'long' ? tickRound(low, 'up') : tickRound(high, 'down'),
        );
        reversals++;
      }
    }
    expect(reversals).toBeGreaterThan(0);
  });
});
