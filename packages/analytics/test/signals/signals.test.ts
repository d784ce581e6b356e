/**
 * The signal engine: card invariants (fast-check and 20 real tickers), no look-ahead, the outcome rules,
 * and thesis–evidence consistency on every candidate of a 16-year backtest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CardEvidence,
  type CardLevels,
  evaluateOutcome,
  levelsOrdered,
  prepareScan,
  resolvedHistory,
  scanAt,
  writeThesis,
} from '../../src/index.js';
import { pooksoftBars, randomWalkBars } from './pooksoft-bars.js';

const real = pooksoftBars(20);

describe('card levels', () => {
  it('every candidate on random walks is ordered: long stop < entry.low ≤ entry.high < t1 < t2, short mirrored', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.double({ min: -0.002, max: 0.002, noNaN: true }),
        (seed, drift) => {
          const input = prepareScan(randomWalkBars(400, seed, drift));
          for (let t = 250; t < 400; t++)
            for (const c of scanAt(input, t))
              expect(levelsOrdered(c.levels), JSON.stringify(c.levels)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('every candidate of 20 real tickers over 16 years is ordered, and both directions and all six setups occur', () => {
    const setups = new Set<string>();
    const directions = new Set<string>();
    let count = 0;
    for (const { bars } of real) {
      for (const h of resolvedHistory(prepareScan(bars))) {
        expect(levelsOrdered(h.candidate.levels)).toBe(true);
        setups.add(h.candidate.setup);
        directions.add(h.candidate.direction);
        count++;
      }
    }
    expect(count).toBeGreaterThan(1000);
    expect(setups.size).toBe(6);
    expect([...directions].sort()).toEqual(['long', 'short']);
  });
});

describe('no look-ahead', () => {
  it("a bar's candidates are identical whether or not later bars exist", () => {
    const { bars } = real[0] as (typeof real)[number];
    const full = prepareScan(bars);
    for (const t of [300, 1200, 2500, 4000]) {
      const cut = (x: Float64Array) => x.slice(0, t + 1);
      const truncated = prepareScan({
        open: cut(bars.open),
        high: cut(bars.high),
        low: cut(bars.low),
        close: cut(bars.close),
        volume: cut(bars.volume),
      });
      expect(scanAt(truncated, t)).toEqual(scanAt(full, t));
    }
  });
});

describe('outcome rules', () => {
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
  const bars = (rows: [number, number, number, number][]) => ({
    open: Float64Array.from(rows, (r) => r[0]),
    high: Float64Array.from(rows, (r) => r[1]),
    low: Float64Array.from(rows, (r) => r[2]),
    close: Float64Array.from(rows, (r) => r[3]),
  });

  it('the stop counts when the stop and T1 fall in the same bar', () => {
    const o = evaluateOutcome(long, bars([[101, 112, 94, 100]]), 0, 10);
    expect([o.status, o.t1_before_stop, o.r_multiple, o.fill_price]).toEqual(['stopped', false, -1, 100]);
  });

  it('T1 then T2: half at each target, in R from the fill', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [102, 103, 99.5, 101],
        [101, 111, 100.5, 110],
        [110, 121, 109, 120],
      ]),
      0,
      10,
    );
    expect([o.status, o.t1_before_stop, o.fill_bar, o.outcome_bar]).toEqual(['t2', true, 0, 2]);
    expect(o.r_multiple).toBeCloseTo(0.5 * (10 / 5) + 0.5 * (20 / 5), 12);
    expect(o.mfe_r).toBeCloseTo(21 / 5, 12);
  });

  it('after T1 the stop moves to break-even', () => {
    const o = evaluateOutcome(
      long,
      bars([
        [100, 111, 99, 105],
        [105, 106, 99.5, 100],
      ]),
      0,
      10,
    );
    expect([o.status, o.t1_before_stop, o.r_multiple]).toEqual(['t1', true, 0.5 * (10 / 5)]);
  });

  it('a bar opening through the stop fills and exits at its open: stopped for 0 R, never NaN', () => {
    const o = evaluateOutcome(long, bars([[93, 94, 90, 92]]), 0, 10);
    expect(o.status).toBe('stopped');
    expect(o.r_multiple).toBe(0);
    expect(o.fill_price).toBe(93);
    // Opening exactly at the stop: no risk left to divide by, still 0 R.
    const at = evaluateOutcome(long, bars([[95, 96, 94, 95.5]]), 0, 10);
    expect([at.status, at.r_multiple, at.mae_r]).toEqual(['stopped', 0, 0]);
  });

  it('shorts mirror longs; an entry never reached is unfilled; a card runs to its expiry', () => {
    const s = evaluateOutcome(
      short,
      bars([
        [99, 100.5, 95, 96],
        [96, 97, 89, 90],
      ]),
      0,
      10,
    );
    expect([s.status, s.fill_price, s.t1_before_stop, s.open]).toEqual(['t1', 100, true, true]);
    const never = evaluateOutcome(
      long,
      bars([
        [105, 106, 104, 105],
        [105, 107, 104, 106],
      ]),
      0,
      2,
    );
    expect([never.status, never.open, never.t1_before_stop]).toEqual(['unfilled', false, null]);
    const drift = evaluateOutcome(
      long,
      bars([
        [100, 101, 99, 100],
        [100, 102, 99, 101],
        [101, 103, 100, 102],
      ]),
      0,
      3,
    );
    expect([drift.status, drift.outcome_bar]).toEqual(['expired', 2]);
    expect(drift.r_multiple).toBeCloseTo((102 - 100) / 5, 12);
    const early = evaluateOutcome(long, bars([[100, 101, 99, 100]]), 0, 3);
    expect([early.open, early.outcome_bar]).toEqual([true, null]);
  });
});

/** Every number in the evidence (recursively). */
function evidenceNumbers(e: CardEvidence): Set<number> {
  const out = new Set<number>();
  const walk = (v: unknown) => {
    if (typeof v === 'number') out.add(v);
    else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  walk(e);
  return out;
}

describe('thesis', () => {
  it('every number in every thesis of a 20-ticker, 16-year backtest is a value of its evidence', () => {
    let checked = 0;
    const openings = new Set<string>();
    for (const { ticker, bars } of real) {
      for (const h of resolvedHistory(prepareScan(bars))) {
        const c = h.candidate;
        const text = writeThesis(ticker, c.setup, c.direction, c.evidence);
        const sentences = text.split(/(?<=\.)\s+(?=[A-Z])/);
        expect(sentences.length).toBeGreaterThanOrEqual(2);
        expect(sentences.length).toBeLessThanOrEqual(4);
        const known = evidenceNumbers(c.evidence);
        for (const m of text.replaceAll(ticker, '').matchAll(/-?\d+(?:\.\d+)?/g)) {
          const x = Number(m[0]);
          expect(known.has(x) || known.has(-x), `${x} in "${text}"`).toBe(true);
        }
        openings.add(sentences[1]?.slice(0, 12) ?? '');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The text varies with the situation: one trigger sentence per setup and direction at least.
    expect(openings.size).toBeGreaterThanOrEqual(6);
  });
});
