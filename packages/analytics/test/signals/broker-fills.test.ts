/**
 * Outcomes as a broker fills them (issue #48, ADR 0087): the entry is the bracket the broker integration
 * sends at publication (a limit at the last close held to the zone; none when the close has left the zone
 * towards the target), a stop order that a bar opens through exits at that open, and a target is a
 * resting limit that fills at the target.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketEntryLimit, type CardLevels, evaluateOutcome } from '../../src/index.js';
import { randomWalkBars } from './pooksoft-bars.js';

const long: CardLevels = {
  direction: 'long',
  entry_zone: { low: 99, high: 100 },
  stop: 95,
  t1: 110,
  t2: 120,
};
const short: CardLevels = {
  direction: 'short',
  entry_zone: { low: 100, high: 101 },
  stop: 106,
  t1: 90,
  t2: 80,
};
/** Bars [open, high, low, close]; the first row is the publication bar (its close is the last price). */
const bars = (rows: [number, number, number, number][]) => ({
  open: Float64Array.from(rows, (r) => r[0]),
  high: Float64Array.from(rows, (r) => r[1]),
  low: Float64Array.from(rows, (r) => r[2]),
  close: Float64Array.from(rows, (r) => r[3]),
});
/** R of the long card: from the zone's far edge (100) to the stop (95). */
const R = 5;

describe('the stop as a stop order', () => {
  it('a bar that opens through the stop exits at its open, not at the stop', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [101, 102, 99.5, 100],
        [100, 101, 99.8, 100.5], // fills at 100 (the last close, at the open)
        [92, 93, 91, 92.5], // gaps through 95
      ]),
      1,
      10,
    );
    expect([o.status, o.exit, o.fill_price]).toEqual(['stopped', 'stop', 100]);
    expect(o.r_multiple).toBeCloseTo((92 - 100) / R, 12);
  });

  it('after T1 a bar that opens under the break-even stop takes the second half out at its open', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [101, 102, 99.5, 100],
        [100, 111, 99.8, 109], // fills at 100, T1 at 110
        [97, 98, 96, 97], // opens under the break-even stop (100)
      ]),
      1,
      10,
    );
    expect([o.status, o.exit, o.t1_before_stop]).toEqual(['t1', 'breakeven', true]);
    expect(o.r_multiple).toBeCloseTo(0.5 * (10 / R) + 0.5 * ((97 - 100) / R), 12);
  });

  it('a stop touched inside the bar still exits at the stop', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [101, 102, 99.5, 100],
        [100, 101, 99.8, 100.5],
        [99, 99.5, 94, 96],
      ]),
      1,
      10,
    );
    expect(o.r_multiple).toBeCloseTo((95 - 100) / R, 12);
  });

  it('shorts mirror: a bar opening above the stop exits at that open', () => {
    const o = evaluateOutcome(
      short,
      bars([
        [99, 100.5, 98, 100],
        [100, 100.2, 99, 99.5], // sell limit at 100 fills at the open
        [108, 109, 107, 108],
      ]),
      1,
      10,
    );
    expect([o.status, o.fill_price]).toEqual(['stopped', 100]);
    // Short R: from the zone's far edge (100) to the stop (106).
    expect(o.r_multiple).toBeCloseTo(-(108 - 100) / 6, 12);
  });
});

describe('targets as resting limits', () => {
  it('a bar that gaps over T1 and T2 fills both halves at the targets, not at the open', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [101, 102, 99.5, 100],
        [100, 101, 99.8, 100.5],
        [125, 126, 124, 125],
      ]),
      1,
      10,
    );
    expect([o.status, o.exit]).toEqual(['t2', 'target_2']);
    expect(o.r_multiple).toBeCloseTo(0.5 * (10 / R) + 0.5 * (20 / R), 12);
  });
});

describe('the entry as the bracket the broker integration sends', () => {
  it('the limit is the last close held to the zone: a bar that only reaches the zone above it does not fill', () => {
    const rows: [number, number, number, number][] = [
      [100, 100.5, 99.2, 99.5], // publication: closes at 99.5, inside the zone
      [101, 102, 99.7, 101.5], // trades into the zone (≤ 100) but not down to 99.5
      [101, 101.5, 99.4, 100], // reaches 99.5
    ];
    const o = evaluateOutcome(long, bars(rows), 1, 10);
    expect([o.fill_bar, o.fill_price]).toEqual([1, 99.5]);
    expect(bracketEntryLimit(long, 99.5)).toBe(99.5);
  });

  it('a close past the zone towards the target: the integration refuses the card, so it never fills', () => {
    expect(bracketEntryLimit(long, 103)).toBeUndefined();
    expect(bracketEntryLimit(short, 98)).toBeUndefined();
    const o = evaluateOutcome(
      long,
      bars([
        [102, 103.5, 101, 103],
        [102, 103, 99.5, 101], // trades into the zone later: no order is resting there
        [101, 112, 100.5, 111],
      ]),
      1,
      2,
    );
    expect([o.status, o.exit, o.fill_price, o.open]).toEqual(['unfilled', 'not_filled', null, false]);
  });

  it('a zone beyond the close (long: above it): the limit at its near edge fills at a price the order gets', () => {
    // BAC's case: closed 38.08, zone 38.58–39.05. The buy limit sent is 38.58; opening at 38.70 it does
    // not fill there (over the limit), and a bar that trades down to 38.58 fills it at 38.58.
    const bac: CardLevels = {
      direction: 'long',
      entry_zone: { low: 38.58, high: 39.05 },
      stop: 36.9,
      t1: 41,
      t2: 43,
    };
    expect(bracketEntryLimit(bac, 38.08)).toBe(38.58);
    const o = evaluateOutcome(
      bac,
      bars([
        [38.3, 38.4, 37.9, 38.08],
        [38.7, 38.9, 38.5, 38.8],
      ]),
      1,
      10,
    );
    expect([o.fill_bar, o.fill_price]).toEqual([0, 38.58]);
    // Opening under the limit, it fills at the open, under the zone.
    const under = evaluateOutcome(
      bac,
      bars([
        [38.3, 38.4, 37.9, 38.08],
        [38.1, 38.3, 38.0, 38.2],
      ]),
      1,
      10,
    );
    expect(under.fill_price).toBe(38.1);
  });

  it('the last price is read on the tick, so an adjusted close a fraction of a cent over the zone is inside it', () => {
    expect(bracketEntryLimit(long, 100.004)).toBe(100);
    expect(bracketEntryLimit(long, 100.006)).toBeUndefined();
  });

  it('without a bar before the session the limit rests at the zone’s far edge', () => {
    const o = evaluateOutcome(long, bars([[101, 102, 99.7, 101]]), 0, 10);
    expect(o.fill_price).toBe(100);
  });
});

describe('pure and incremental', () => {
  it('more bars only resolve an open card; a resolved outcome never changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom('long' as const, 'short' as const),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        (seed, direction, offset) => {
          const bars = randomWalkBars(60, seed, 0, 0.02);
          const t = 20;
          const c = bars.close[t] as number;
          const a = 0.02 * c;
          const s = direction === 'long' ? 1 : -1;
          // A zone around, above or below the close (offset in ATR-like units), the stop 2 under it.
          const mid = c + s * offset * a;
          const levels: CardLevels = {
            direction,
            entry_zone: { low: mid - 0.25 * a, high: mid + 0.25 * a },
            stop: mid - s * 2 * a,
            t1: mid + s * 3 * a,
            t2: mid + s * 6 * a,
          };
          const full = evaluateOutcome(levels, bars, t + 1, 10);
          for (let n = t + 1; n <= 40; n++) {
            const cut = {
              open: bars.open.subarray(0, n),
              high: bars.high.subarray(0, n),
              low: bars.low.subarray(0, n),
              close: bars.close.subarray(0, n),
            };
            const part = evaluateOutcome(levels, cut, t + 1, 10);
            if (!part.open) expect(part).toEqual(full);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
