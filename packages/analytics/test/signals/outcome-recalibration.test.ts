/**
 * The calibration map on the outcome model's own judged forecasts (ADR 0098). Properties: the map's output
 * is three positive probabilities summing to 1 for any map and forecast (also degenerate ones: 0, 1, NaN);
 * on forecasts that were already calibrated the fitted map stays near the identity; on a synthetic
 * mis-calibrated set (over-confident, biased against expiry) it brings held-out forecasts closer to the
 * truth (lower Brier, every well-filled bucket nearer); and no forecast judged on or after the cut can
 * change the map (no look-ahead).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classCalibration,
  fitOutcomeRecalibration,
  fitRecalibrationBefore,
  identityRecalibration,
  type JudgedForecast,
  multiclassBrier,
  OUTCOME_CLASSES,
  type OutcomeClass,
  type OutcomeProbabilities,
  type OutcomeRecalibration,
  recalibrate,
} from '../../src/index.js';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function softmax(z1: number, z3: number): OutcomeProbabilities {
  const m = Math.max(z1, 0, z3);
  const a = Math.exp(z1 - m);
  const b = Math.exp(-m);
  const c = Math.exp(z3 - m);
  const s = a + b + c;
  return { t1_first: a / s, stop_first: b / s, expiry: c / s };
}

function draw(q: OutcomeProbabilities, u: number): OutcomeClass {
  return u < q.t1_first ? 't1_first' : u < q.t1_first + q.stop_first ? 'stop_first' : 'expiry';
}

/**
 * n cards with true class probabilities q (logits spread like the model's at breadth) and their outcomes
 * drawn from q; the forecast given is `distort(q)`.
 */
function cards(n: number, seed: number, distort: (q: OutcomeProbabilities) => OutcomeProbabilities) {
  const u = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(u() || 1e-12)) * Math.cos(2 * Math.PI * u());
  return Array.from({ length: n }, (_, i) => {
    const q = softmax(-0.9 + 0.6 * normal(), 0.5 + 0.8 * normal());
    return {
      q,
      p: distort(q),
      y: draw(q, u()),
      resolved: `2000-01-${String(1 + (i % 28)).padStart(2, '0')}`,
    };
  });
}

const prob = fc
  .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([a, b]) => ({ t1_first: a * (1 - b), stop_first: b, expiry: (1 - a) * (1 - b) }));
const theta6 = fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 6, maxLength: 6 });

describe('recalibrate', () => {
  it('gives three positive probabilities that sum to 1 for any map and forecast (property)', () => {
    fc.assert(
      fc.property(theta6, prob, (theta, p) => {
        const map: OutcomeRecalibration = { ...identityRecalibration('matrix'), theta };
        const q = recalibrate(map, p);
        const values = OUTCOME_CLASSES.map((k) => q[k]);
        expect(values.every((x) => Number.isFinite(x) && x > 0)).toBe(true);
        expect(Math.abs(values.reduce((a, x) => a + x, 0) - 1)).toBeLessThan(1e-12);
      }),
    );
  });

  it('is the identity at θ = 0 for forecasts away from the floor, and never NaN for 0, 1 or NaN inputs', () => {
    const p = { t1_first: 0.2, stop_first: 0.3, expiry: 0.5 };
    for (const kind of ['matrix', 'temperature'] as const) {
      const q = recalibrate(identityRecalibration(kind), p);
      for (const k of OUTCOME_CLASSES) expect(q[k]).toBeCloseTo(p[k], 12);
    }
    const bad = recalibrate(identityRecalibration(), { t1_first: 0, stop_first: Number.NaN, expiry: 1 });
    const sum = bad.t1_first + bad.stop_first + bad.expiry;
    expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
    expect(bad.t1_first > 0 && bad.stop_first > 0 && bad.expiry > 0).toBe(true);
  });
});

describe('fitOutcomeRecalibration', () => {
  it('with no judged forecasts is the identity', () => {
    expect(fitOutcomeRecalibration([]).theta).toEqual([0, 0, 0, 0, 0, 0]);
    expect(fitOutcomeRecalibration([], { kind: 'temperature' }).theta).toEqual([0, 0, 0]);
  });

  it('stays near the identity on forecasts that were already calibrated: moves them by sampling noise only and costs no Brier held out (over seeds)', () => {
    for (const seed of [1, 2, 3]) {
      const set = cards(8_000, seed, (q) => q);
      const test = cards(8_000, seed + 100, (q) => q);
      const ys = test.map((c) => c.y);
      for (const kind of ['matrix', 'temperature'] as const) {
        const map = fitOutcomeRecalibration(set, { kind });
        let total = 0;
        for (const c of set)
          for (const k of OUTCOME_CLASSES) total += Math.abs(recalibrate(map, c.p)[k] - c.p[k]);
        expect(total / (3 * set.length)).toBeLessThan(0.015);
        const after = multiclassBrier(
          test.map((c) => recalibrate(map, c.p)),
          ys,
        );
        const before = multiclassBrier(
          test.map((c) => c.p),
          ys,
        );
        expect(after).toBeLessThan(before + 0.002);
      }
    }
  });

  it('corrects a mis-calibrated forecaster on held-out cards: lower Brier, every bucket of ≥ 300 cards within 3 points', () => {
    // Over-confident by a factor 1.6 on the log-ratios and under-forecasting expiry.
    const distort = (q: OutcomeProbabilities) =>
      softmax(1.6 * Math.log(q.t1_first / q.stop_first), 1.6 * Math.log(q.expiry / q.stop_first) - 0.5);
    const train = cards(10_000, 11, distort);
    const test = cards(10_000, 12, distort);
    const map = fitOutcomeRecalibration(train);
    const ys = test.map((c) => c.y);
    const before = test.map((c) => c.p);
    const after = test.map((c) => recalibrate(map, c.p));
    expect(multiclassBrier(after, ys)).toBeLessThan(multiclassBrier(before, ys) - 0.005);
    const worstGap = (forecasts: OutcomeProbabilities[]) =>
      Math.max(
        ...Object.values(classCalibration(forecasts, ys, 0.05, 300))
          .flat()
          .filter((b) => b.within_tolerance !== null)
          .map((b) => Math.abs((b.predicted as number) - (b.realised as number))),
      );
    expect(worstGap(before)).toBeGreaterThan(0.05);
    expect(worstGap(after)).toBeLessThan(0.03);
  });

  it('is deterministic: the same judged forecasts give the same map, whatever their order', () => {
    const set = cards(3_000, 5, (q) => softmax(Math.log(q.t1_first / q.stop_first) + 0.3, 0));
    const a = fitOutcomeRecalibration(set);
    const b = fitOutcomeRecalibration([...set].reverse());
    for (let i = 0; i < 6; i++) expect(a.theta[i]).toBeCloseTo(b.theta[i] as number, 9);
    expect(a.samples).toBe(3_000);
  });
});

describe('fitRecalibrationBefore', () => {
  it('no look-ahead: forecasts judged on or after the cut never change the map (property over adversarial later outcomes)', () => {
    const earlier = cards(2_000, 21, (q) => softmax(2 * Math.log(q.t1_first / q.stop_first), 0.2));
    const base = fitRecalibrationBefore(earlier, '2000-02-01');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            p: prob,
            y: fc.constantFrom<OutcomeClass>('t1_first', 'stop_first', 'expiry'),
            resolved: fc.constantFrom('2000-02-01', '2000-02-02', '2003-06-30'),
          }),
          { minLength: 1, maxLength: 200 },
        ),
        (later: JudgedForecast[]) => {
          const map = fitRecalibrationBefore([...later, ...earlier, ...later], '2000-02-01');
          expect(map).toEqual(base);
        },
      ),
      { numRuns: 20 },
    );
    // …while a forecast judged the day before the cut is used.
    const oneMore = fitRecalibrationBefore(
      [
        ...earlier,
        { p: { t1_first: 0.9, stop_first: 0.05, expiry: 0.05 }, y: 'stop_first', resolved: '2000-01-31' },
      ],
      '2000-02-01',
    );
    expect(oneMore.samples).toBe(base.samples + 1);
    expect(oneMore.theta).not.toEqual(base.theta);
  });

  it('with a window, uses only forecasts judged in the months before the cut (and none after it)', () => {
    const old = cards(1_000, 31, (q) => softmax(3 * Math.log(q.t1_first / q.stop_first), 0)).map((c) => ({
      ...c,
      resolved: '1999-12-15',
    }));
    const recent = cards(1_000, 32, (q) => q).map((c) => ({ ...c, resolved: '2002-11-15' }));
    const windowed = fitRecalibrationBefore([...old, ...recent], '2003-01-02', { windowMonths: 12 });
    expect(windowed).toEqual(fitRecalibrationBefore(recent, '2003-01-02', { windowMonths: 12 }));
    expect(windowed.samples).toBe(1_000);
    // The window's edge is a calendar month count: 2002-01-02 is in, 2002-01-01 is out.
    const edge = (resolved: string) =>
      fitRecalibrationBefore([{ ...(recent[0] as JudgedForecast), resolved }], '2003-01-02', {
        windowMonths: 12,
      }).samples;
    expect(edge('2002-01-02')).toBe(1);
    expect(edge('2002-01-01')).toBe(0);
    expect(fitRecalibrationBefore(recent, '2002-11-15', { windowMonths: 12 }).samples).toBe(0);
  });
});
