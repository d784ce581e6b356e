/**
 * Cross-sectional rankings as card selection (issue #48, ADR 0093): no look-ahead (a score at bar t reads
 * no later bar, whatever the later bars are), the factors' closed forms on series whose answer is known,
 * percentile ranks by their properties, and the selection keeping only the ranked fraction.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CROSS_SECTION_FACTORS,
  factorSeries,
  fitExpectedR,
  PRIOR_MODEL,
  percentileRanks,
  prepareScan,
  resolvedHistory,
  selectCards,
} from '../../src/index.js';
import { randomWalkBars } from './pooksoft-bars.js';

const bars = (closes: readonly number[], highs?: readonly number[]) => ({
  close: Float64Array.from(closes),
  high: Float64Array.from(highs ?? closes),
});

describe('cross-sectional factors', () => {
  it('score bar t from bars 0 … t only: replacing every later bar changes no score up to t', () => {
    const price = fc.double({ min: 1, max: 500, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 260, maxLength: 400 }),
        fc.array(price, { minLength: 400, maxLength: 400 }),
        fc.nat(),
        fc.constantFrom(...CROSS_SECTION_FACTORS),
        (closes, other, pick, factor) => {
          const t = pick % closes.length;
          const highs = closes.map((c, i) => c * (1 + ((i * 7) % 5) / 100));
          const changed = closes.map((c, i) => (i <= t ? c : (other[i] as number)));
          const changedHighs = changed.map((c, i) => (i <= t ? (highs[i] as number) : c * 1.03));
          const a = factorSeries(bars(closes, highs), factor);
          const b = factorSeries(bars(changed, changedHighs), factor);
          const cut = factorSeries(bars(closes.slice(0, t + 1), highs.slice(0, t + 1)), factor);
          for (let i = 0; i <= t; i++) {
            expect(Object.is(a[i], b[i])).toBe(true);
            expect(Object.is(a[i], cut[i])).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('match their closed forms on a steady 1 % a day climb (highs at the close)', () => {
    const closes = Array.from({ length: 300 }, (_, i) => 100 * 1.01 ** i);
    const t = 299;
    const at = (f: (typeof CROSS_SECTION_FACTORS)[number]) => factorSeries(bars(closes), f)[t] as number;
    expect(at('momentum_12_1')).toBeCloseTo(1.01 ** (252 - 21) - 1, 9);
    expect(at('near_52w_high')).toBeCloseTo(1, 12);
    expect(at('reversal_1m')).toBeCloseTo(-(1.01 ** 21 - 1), 9);
    expect(at('low_volatility_60d')).toBeCloseTo(0, 9);
    // Before their lookback they do not score.
    expect(Number.isNaN(factorSeries(bars(closes), 'momentum_12_1')[251] as number)).toBe(true);
    expect(Number.isNaN(factorSeries(bars(closes), 'near_52w_high')[250] as number)).toBe(true);
    expect(Number.isNaN(factorSeries(bars(closes), 'reversal_1m')[20] as number)).toBe(true);
    expect(Number.isNaN(factorSeries(bars(closes), 'low_volatility_60d')[59] as number)).toBe(true);
  });

  it('near the 52-week high: the close over the highest high of the last 252 bars, a brute-force max', () => {
    const b = randomWalkBars(700, 11);
    const s = factorSeries(b, 'near_52w_high');
    for (const t of [251, 300, 451, 699]) {
      const max = Math.max(...Array.from(b.high.subarray(t - 251, t + 1)));
      expect(s[t]).toBeCloseTo((b.close[t] as number) / max, 12);
    }
  });

  it('low volatility: minus the sample deviation of the last 60 log returns, as computed directly', () => {
    const b = randomWalkBars(400, 12);
    const s = factorSeries(b, 'low_volatility_60d');
    const t = 333;
    const r = Array.from({ length: 60 }, (_, k) =>
      Math.log((b.close[t - 59 + k] as number) / (b.close[t - 60 + k] as number)),
    );
    const m = r.reduce((a, x) => a + x, 0) / 60;
    const sd = Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / 59);
    expect(s[t]).toBeCloseTo(-sd, 12);
  });
});

describe('percentile ranks', () => {
  it('lie in [0, 1], follow the score, share ties, and leave NaN out', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 2, maxLength: 40 }), (xs) => {
        const scores = new Map(xs.map((x, i) => [`T${i}`, x]));
        scores.set('NAN', Number.NaN);
        const ranks = percentileRanks(scores);
        expect(ranks.has('NAN')).toBe(false);
        expect(ranks.size).toBe(xs.length);
        for (const [a, ra] of ranks) {
          expect(ra).toBeGreaterThanOrEqual(0);
          expect(ra).toBeLessThanOrEqual(1);
          for (const [b, rb] of ranks) {
            const sa = scores.get(a) as number;
            const sb = scores.get(b) as number;
            if (sa > sb) expect(ra).toBeGreaterThan(rb);
            if (sa === sb) expect(ra).toBe(rb);
          }
        }
        const distinct = new Set(xs);
        if (distinct.size === xs.length) {
          expect(Math.min(...ranks.values())).toBe(0);
          expect(Math.max(...ranks.values())).toBe(1);
        }
      }),
    );
  });
});

describe('cross-sectional selection', () => {
  const pool = resolvedHistory(prepareScan(randomWalkBars(1500, 3))).map((h) => h.candidate);
  const longC = pool.find((c) => c.direction === 'long');
  const shortC = pool.find((c) => c.direction === 'short');
  const models = { conviction: PRIOR_MODEL, expectedR: fitExpectedR([]) };
  const rules = {
    perSession: 100,
    ranking: 'edge' as const,
    minExpectedR: -5,
    costBps: 0,
    marketFilter: false,
  };

  it('keeps longs in the top fraction and shorts in the bottom; a ticker without a rank is left out; off, all', () => {
    expect(longC).toBeDefined();
    expect(shortC).toBeDefined();
    if (longC === undefined || shortC === undefined) return;
    const candidates = [
      { ticker: 'LTOP', candidate: longC, rank: 0.9 },
      { ticker: 'LMID', candidate: longC, rank: 0.5 },
      { ticker: 'LNONE', candidate: longC },
      { ticker: 'SLOW', candidate: shortC, rank: 0.1 },
      { ticker: 'SHIGH', candidate: shortC, rank: 0.95 },
    ];
    const on = selectCards(candidates, models, {
      ...rules,
      crossSection: { factor: 'momentum_12_1', keepTopFraction: 0.2 },
    });
    expect(on.cards.map((c) => c.ticker).sort()).toEqual(['LTOP', 'SLOW']);
    expect(on.outside_cross_section).toBe(3);
    const off = selectCards(candidates, models, rules);
    expect(off.cards).toHaveLength(candidates.length);
    expect(off.outside_cross_section).toBe(0);
  });
});
