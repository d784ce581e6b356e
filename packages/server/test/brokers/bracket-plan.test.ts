import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBracket, type TradableCard, tickRound } from '../../src/brokers/bracket-plan.js';
import { realisedR } from '../../src/brokers/order-progress.js';

const cents = (x: number) => Math.round(x * 100);

/** A long or short card with levels in the documented order (stop < low ≤ high < t1 < t2 for a long). */
const cardArb = fc
  .record({
    direction: fc.constantFrom('long' as const, 'short' as const),
    base: fc.integer({ min: 200, max: 500_000 }), // cents
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

const caps = { maxQty: 1e9, maxNotional: 1e12 };

describe('planBracket', () => {
  it('puts the entry limit inside the zone on whole cents, sized so the risk never exceeds the amount', () => {
    fc.assert(
      fc.property(
        cardArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (card, at, risk) => {
          const { low, high } = card.entry_zone;
          const last = low + (high - low) * at;
          const r = planBracket(card, last, { risk_amount: risk }, 't1', caps);
          if (!r.ok) {
            expect(r.refusal.reason).toBe('too_small');
            return;
          }
          const p = r.plan;
          expect(p.limitPrice).toBeGreaterThanOrEqual(low - 1e-9);
          expect(p.limitPrice).toBeLessThanOrEqual(high + 1e-9);
          expect(Math.abs(cents(p.limitPrice) - p.limitPrice * 100)).toBeLessThan(1e-6);
          expect(p.risk).toBeLessThanOrEqual(risk + 0.005);
          // One more share would risk more than the amount.
          expect((p.qty + 1) * Math.abs(p.limitPrice - p.stopPrice)).toBeGreaterThan(risk - 1e-6);
          if (card.direction === 'long')
            expect(p.stopPrice < p.limitPrice && p.limitPrice < p.takeProfitPrice).toBe(true);
          else expect(p.stopPrice > p.limitPrice && p.limitPrice > p.takeProfitPrice).toBe(true);
        },
      ),
    );
  });

  it('refuses a last trade past the zone towards the target or through the stop, and accepts one between stop and zone', () => {
    fc.assert(
      fc.property(cardArb, (card) => {
        const long = card.direction === 'long';
        const past = long ? card.entry_zone.high + 0.01 : card.entry_zone.low - 0.01;
        const through = card.stop;
        for (const price of [past, through]) {
          const r = planBracket(card, price, { qty: 1 }, 't1', caps);
          expect(r.ok ? 'ok' : r.refusal.reason).toBe('price_beyond_zone');
        }
        const between = long ? (card.stop + card.entry_zone.low) / 2 : (card.stop + card.entry_zone.high) / 2;
        const waiting = planBracket(card, between, { qty: 1 }, 't1', caps);
        if (waiting.ok)
          expect(waiting.plan.limitPrice).toBe(
            tickRound(long ? card.entry_zone.low : card.entry_zone.high, 'nearest'),
          );
      }),
    );
  });

  it('is over the caps by quantity or notional, and the target follows the choice of T1 or T2', () => {
    const card: TradableCard = {
      id: 'crd_x',
      session: '2026-11-25',
      ticker: 'AAPL',
      direction: 'long',
      entry_zone: { low: 187.2, high: 188.9 },
      t1: 192.5,
      t2: 196,
      stop: 184.8,
      setup: 'trend_pullback',
      expected_r: 0.3,
      published_at: '2026-11-25T13:30:00Z',
      expires_at: '2026-11-27T21:00:00Z',
    };
    expect(planBracket(card, 188, { qty: 11 }, 't1', { maxQty: 10, maxNotional: 1e9 })).toMatchObject({
      ok: false,
      refusal: { reason: 'over_caps' },
    });
    expect(planBracket(card, 188, { qty: 10 }, 't1', { maxQty: 10, maxNotional: 1879 })).toMatchObject({
      ok: false,
      refusal: { reason: 'over_caps' },
    });
    expect(planBracket(card, 188, { qty: 10 }, 't2', { maxQty: 10, maxNotional: 1880 })).toMatchObject({
      ok: true,
      plan: { takeProfitPrice: 196, notional: 1880 },
    });
  });
});

describe('tickRound', () => {
  it('rounds to cents from $1 and to hundredths of a cent below, in the direction asked', () => {
    expect(tickRound(188.005, 'down')).toBe(188);
    expect(tickRound(188.001, 'up')).toBe(188.01);
    expect(tickRound(188.1, 'down')).toBe(188.1); // 18809.999… in binary is still 188.10
    expect(tickRound(0.12345, 'nearest')).toBe(0.1235);
    expect(tickRound(0.12341, 'up')).toBe(0.1235);
  });
});

describe('realisedR', () => {
  it('is the exit’s move over the fill-to-stop distance, signed for the side', () => {
    expect(realisedR('buy', 188, 192.5, 184.8)).toBe(1.4063);
    expect(realisedR('buy', 188, 184.8, 184.8)).toBe(-1);
    expect(realisedR('sell', 411, 395, 416)).toBe(3.2);
    expect(realisedR('sell', 411, 416, 416)).toBe(-1);
    expect(realisedR('buy', 100, 101, 100)).toBeNull();
  });
});
