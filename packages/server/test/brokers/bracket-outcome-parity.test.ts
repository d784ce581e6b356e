/**
 * The card outcomes replay the bracket the broker integration sends (issue #48, ADR 0087): for any card
 * and last price, the analytics' entry limit is the plan's limit, and a card the plan refuses as past its
 * zone has no entry in the outcome either. If one side changes its order, this fails until both agree.
 */
import { bracketEntryLimit, type CardLevels } from '@bellwether/analytics';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBracket, type TradableCard } from '../../src/brokers/bracket-plan.js';

const cardArb = fc
  .record({
    direction: fc.constantFrom('long' as const, 'short' as const),
    base: fc.integer({ min: 50, max: 500_000 }), // cents
    width: fc.integer({ min: 0, max: 500 }),
    stopGap: fc.integer({ min: 1, max: 2_000 }),
    t1Gap: fc.integer({ min: 1, max: 2_000 }),
    t2Gap: fc.integer({ min: 1, max: 2_000 }),
  })
  .map(({ direction, base, width, stopGap, t1Gap, t2Gap }): TradableCard => {
    const low = base / 100;
    const high = (base + width) / 100;
    const long = direction === 'long';
    return {
      id: 'crd_p',
      session: '2026-11-25',
      ticker: 'X',
      direction,
      entry_zone: { low, high },
      stop: long ? (base - stopGap) / 100 : (base + width + stopGap) / 100,
      t1: long ? (base + width + t1Gap) / 100 : (base - t1Gap) / 100,
      t2: long ? (base + width + t1Gap + t2Gap) / 100 : (base - t1Gap - t2Gap) / 100,
      setup: 'trend_pullback',
      expected_r: 0.2,
      published_at: '2026-11-25T13:30:00Z',
      expires_at: '2026-11-27T21:00:00Z',
    };
  })
  .filter((c) => c.stop > 0 && c.t2 > 0 && c.t1 > 0);

describe('the outcome’s entry is the broker integration’s bracket', () => {
  it('same limit for every card and last price on the tick; refused by one, no entry in the other', () => {
    fc.assert(
      fc.property(cardArb, fc.integer({ min: -3_000, max: 3_000 }), (card, offset) => {
        // A last trade on the tick, around the zone (cents).
        const last = Math.max(1, Math.round(card.entry_zone.low * 100) + offset) / 100;
        const levels: CardLevels = {
          direction: card.direction,
          entry_zone: card.entry_zone,
          t1: card.t1,
          t2: card.t2,
          stop: card.stop,
        };
        const plan = planBracket(card, last, { qty: 1 }, 't1', { maxQty: 1e9, maxNotional: 1e15 });
        const limit = bracketEntryLimit(levels, last);
        if (plan.ok) expect(limit).toBe(plan.plan.limitPrice);
        else {
          expect(plan.refusal.reason).toBe('price_beyond_zone');
          expect(limit).toBeUndefined();
        }
      }),
      { numRuns: 2000 },
    );
  });
});
