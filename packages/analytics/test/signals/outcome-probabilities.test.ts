/**
 * The three-way outcome model (ADR 0094): P(T1 first), P(stop first), P(expiry) of a filled card. Properties:
 * the three sum to 1 for any model and inputs, the rounded card values still sum to 1, a model fitted on
 * simulated outcomes recovers the class probabilities that generated them, and thin or one-sided training
 * data fall back to shrunk base rates, never NaN.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CardOutcome,
  classCalibration,
  classCounts,
  fitOutcomeProbabilities,
  multiclassBrier,
  OUTCOME_CLASSES,
  OUTCOME_FEATURES,
  type OutcomeClass,
  type OutcomeModel,
  type OutcomeProbabilities,
  type OutcomeSample,
  outcomeClass,
  outcomeFeatures,
  outcomeModelParameters,
  outcomeSentence,
  predictOutcomeProbabilities,
  roundProbabilities,
  shrunkBaseRates,
} from '../../src/index.js';

const D = OUTCOME_FEATURES.length;
const RISK = OUTCOME_FEATURES.indexOf('ln_risk_atr');
const ORDER = OUTCOME_FEATURES.indexOf('ln_order_stop_atr');

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

/**
 * Inputs shaped like outcomeFeatures: intercept, one setup dummy, short, ln R, four features in [0, 1], ln of
 * the stop's distance in ATRs from the zone's far edge and (nearer) from the order.
 */
function inputs(u: () => number): Float64Array {
  const x = new Float64Array(D);
  x[0] = 1;
  const setup = Math.floor(u() * 6);
  if (setup > 0) x[setup] = 1;
  x[6] = u() < 0.5 ? 1 : 0;
  x[7] = Math.log(0.8 + 3.2 * u());
  for (let j = 8; j < RISK; j++) x[j] = u();
  x[RISK] = Math.log(0.5 + 3 * u());
  x[ORDER] = (x[RISK] as number) - u();
  return x;
}

/** The generating truth: softmax of (z_t1, 0, z_expiry) with a setup effect, a short effect and ln R. */
function truth(x: Float64Array, k: number): OutcomeProbabilities {
  const zT1 = 0.3 - 1.0 * (x[7] as number) + k * (x[1] as number) - 0.4 * (x[6] as number);
  const zExp =
    -0.6 +
    0.8 * (x[7] as number) +
    1.2 * (x[9] as number) -
    0.5 * (x[2] as number) +
    0.7 * (x[RISK] as number);
  const a = Math.exp(zT1);
  const c = Math.exp(zExp);
  const s = a + 1 + c;
  return { t1_first: a / s, stop_first: 1 / s, expiry: c / s };
}

function draw(p: OutcomeProbabilities, u: number): OutcomeClass {
  return u < p.t1_first ? 't1_first' : u < p.t1_first + p.stop_first ? 'stop_first' : 'expiry';
}

function simulated(n: number, seed: number, k = 0.6) {
  const u = rng(seed);
  return Array.from({ length: n }, () => {
    const x = inputs(u);
    const p = truth(x, k);
    return { x, y: draw(p, u()), p };
  });
}

const sum = (p: OutcomeProbabilities) => p.t1_first + p.stop_first + p.expiry;

describe('outcome probabilities (ADR 0094)', () => {
  it('sum to 1 and lie in (0, 1) for any model and any inputs (property)', () => {
    const beta = fc.array(fc.double({ min: -8, max: 8, noNaN: true }), { minLength: D, maxLength: D });
    const rate = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(beta, beta, rate, rate, rate, fc.integer(), (b1, b2, n1, n2, n3, seed) => {
        const model: OutcomeModel = {
          version: 1,
          features: OUTCOME_FEATURES,
          base_rates: shrunkBaseRates({ t1_first: n1, stop_first: n2, expiry: n3 }),
          beta_t1: b1,
          beta_expiry: b2,
          samples: n1 + n2 + n3,
          penalty: 5,
        };
        const p = predictOutcomeProbabilities(model, inputs(rng(seed)));
        expect(Math.abs(sum(p) - 1)).toBeLessThan(1e-12);
        for (const k of OUTCOME_CLASSES) {
          expect(p[k]).toBeGreaterThanOrEqual(0);
          expect(p[k]).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rounded to hundredths they still sum to exactly 100 hundredths, each within 0.01 of the unrounded (property)', () => {
    const w = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(w, w, w, (a, b, c) => {
        fc.pre(a + b + c > 1e-9);
        const s = a + b + c;
        const p = { t1_first: a / s, stop_first: b / s, expiry: c / s };
        const r = roundProbabilities(p);
        const hundredths = OUTCOME_CLASSES.map((k) => Math.round(r[k] * 100));
        expect(hundredths.reduce((x, y) => x + y, 0)).toBe(100);
        for (const k of OUTCOME_CLASSES) {
          expect(Math.abs(r[k] * 100 - Math.round(r[k] * 100))).toBeLessThan(1e-9);
          expect(Math.abs(r[k] - p[k])).toBeLessThan(0.01 + 1e-12);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a model fitted on simulated outcomes recovers the generating class probabilities (mean error < 0.02; property over seeds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (seed, k) => {
          const model = fitOutcomeProbabilities(simulated(20_000, seed, k));
          const test = simulated(20_000, seed + 7, k);
          const p = test.map((s) => predictOutcomeProbabilities(model, s.x));
          for (const c of OUTCOME_CLASSES) {
            const err = test.reduce((a, s, i) => a + Math.abs((p[i] as OutcomeProbabilities)[c] - s.p[c]), 0);
            expect(err / test.length, c).toBeLessThan(0.02);
          }
          // Calibrated bucket by bucket against the draws (buckets of ≥ 2,000: 5 points is over 4 standard
          // errors), and better than the base rates.
          const ys = test.map((s) => s.y);
          for (const rows of Object.values(classCalibration(p, ys, 0.05, 2_000)))
            for (const row of rows)
              if (row.within_tolerance !== null) expect(row.within_tolerance).toBe(true);
          const base = shrunkBaseRates(classCounts(ys));
          expect(multiclassBrier(p, ys)).toBeLessThan(
            multiclassBrier(
              test.map(() => base),
              ys,
            ),
          );
        },
      ),
      { numRuns: 4, seed: 48 },
    );
  });

  it('starts from last month’s optimum and reaches the same model as a cold start (1e-6)', () => {
    const a = simulated(8_000, 11);
    const cold = fitOutcomeProbabilities(a);
    const warm = fitOutcomeProbabilities(a, {
      start: outcomeModelParameters(fitOutcomeProbabilities(a.slice(0, 6_000))),
    });
    for (let i = 0; i < D; i++) {
      expect(Math.abs((warm.beta_t1[i] as number) - (cold.beta_t1[i] as number))).toBeLessThan(1e-6);
      expect(Math.abs((warm.beta_expiry[i] as number) - (cold.beta_expiry[i] as number))).toBeLessThan(1e-6);
    }
    expect(fitOutcomeProbabilities(a)).toEqual(cold); // deterministic
  });

  it('with no samples predicts one third each', () => {
    const p = predictOutcomeProbabilities(fitOutcomeProbabilities([]), inputs(rng(1)));
    for (const k of OUTCOME_CLASSES) expect(p[k]).toBeCloseTo(1 / 3, 12);
  });

  it('a class that never occurred keeps a small shrunk probability, finite everywhere, never 0 or NaN', () => {
    // Expiry never happens in the training data.
    const samples: OutcomeSample[] = simulated(3_000, 5).map((s) => ({
      x: s.x,
      y: s.y === 'expiry' ? 'stop_first' : s.y,
    }));
    const model = fitOutcomeProbabilities(samples);
    expect([...model.beta_t1, ...model.beta_expiry].every(Number.isFinite)).toBe(true);
    const u = rng(9);
    for (let i = 0; i < 200; i++) {
      const p = predictOutcomeProbabilities(model, inputs(u));
      expect(Number.isFinite(p.expiry)).toBe(true);
      expect(p.expiry).toBeGreaterThan(0);
      expect(p.expiry).toBeLessThan(0.01);
      expect(Math.abs(sum(p) - 1)).toBeLessThan(1e-12);
    }
  });

  it('from a handful of samples stays near their shrunk base rates, nearer the stronger the penalty, all finite', () => {
    const few: OutcomeSample[] = simulated(4, 3).map((s, i) => ({
      x: s.x,
      y: i === 0 ? 't1_first' : 'stop_first',
    }));
    const base = shrunkBaseRates({ t1_first: 1, stop_first: 3, expiry: 0 });
    const meanGap = (penalty: number) => {
      const model = fitOutcomeProbabilities(few, { penalty });
      expect(model.base_rates).toEqual(base);
      const u = rng(4);
      let gaps = 0;
      for (let i = 0; i < 100; i++) {
        const p = predictOutcomeProbabilities(model, inputs(u));
        for (const k of OUTCOME_CLASSES) {
          expect(Number.isFinite(p[k])).toBe(true);
          expect(Math.abs(p[k] - base[k])).toBeLessThan(0.2);
          gaps += Math.abs(p[k] - base[k]);
        }
      }
      return gaps / 300;
    };
    const usual = meanGap(5);
    expect(usual).toBeLessThan(0.1);
    expect(meanGap(50)).toBeLessThan(usual / 5);
  });

  it('classes a filled outcome by what came first; an unfilled or open card has none', () => {
    const o = (status: CardOutcome['status'], open = false) =>
      ({ status, open, t1_before_stop: null }) as unknown as CardOutcome;
    expect(outcomeClass(o('t1'))).toBe('t1_first');
    expect(outcomeClass(o('t2'))).toBe('t1_first');
    expect(outcomeClass(o('stopped'))).toBe('stop_first');
    expect(outcomeClass(o('expired'))).toBe('expiry');
    expect(outcomeClass(o('unfilled'))).toBeNull();
    expect(outcomeClass(o('t1', true))).toBeNull();
  });

  it('reads the stop distance in ATRs from the zone and from the order (ln 2 and ln 1.5 here), finite when the ATR rounds to 0', () => {
    const candidate = (atr14: number) =>
      ({
        setup: 'breakout_volume',
        direction: 'short',
        risk_reward: { t1: 2, t2: 3 },
        levels: { direction: 'short', entry_zone: { low: 49, high: 50 }, stop: 51, t1: 45, t2: 43 },
        evidence: {
          trend: { adx14: 25, close: 49.5 },
          volatility: { atr14, atr_pct: 2 },
          volume: { ratio: 1.5 },
          momentum: { rsi14: 40 },
        },
      }) as unknown as Parameters<typeof outcomeFeatures>[0];
    const x = outcomeFeatures(candidate(1));
    expect(x.length).toBe(OUTCOME_FEATURES.length);
    // Short: risk from the zone's low (49) to the stop (51) = 2 ATRs of 1; the order rests at the close
    // (49.5, inside the zone), 1.5 ATRs from the stop.
    expect(x[RISK]).toBeCloseTo(Math.log(2), 12);
    expect(x[ORDER]).toBeCloseTo(Math.log(1.5), 12);
    expect(x[6]).toBe(1);
    expect(outcomeFeatures(candidate(0)).every(Number.isFinite)).toBe(true);
  });

  it('multiclass Brier: 0 for a certain right forecast, 2 for a certain wrong one, 2/3 for one third each', () => {
    const certain = { t1_first: 1, stop_first: 0, expiry: 0 };
    const third = { t1_first: 1 / 3, stop_first: 1 / 3, expiry: 1 / 3 };
    expect(multiclassBrier([certain], ['t1_first'])).toBe(0);
    expect(multiclassBrier([certain], ['expiry'])).toBe(2);
    expect(multiclassBrier([third, third], ['t1_first', 'expiry'])).toBeCloseTo(2 / 3, 12);
  });

  it('says in words which outcome is likely: a card with 7 % to T1 says the stop is the likely outcome', () => {
    const s = outcomeSentence({ t1_first: 0.07, stop_first: 0.81, expiry: 0.12 });
    expect(s).toBe(
      'If the entry fills, the stop before T1 is the likely outcome (81 %); expiry with neither 12 %, T1 before the stop 7 %.',
    );
    expect(outcomeSentence({ t1_first: 0.3, stop_first: 0.45, expiry: 0.25 })).toMatch(
      /the stop before T1 is the most likely outcome \(45 %\)/,
    );
  });
});
