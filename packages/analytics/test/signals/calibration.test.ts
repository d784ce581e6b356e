/**
 * Conviction calibration: recovers a known hit probability from synthetic outcomes, and on real data
 * fitted through 2012 beats the base-rate forecast out of sample (2013–2015).
 */
import { describe, expect, it } from 'vitest';
import {
  brierScore,
  CALIBRATION_FEATURES,
  calibrationSamples,
  calibrationTable,
  convictionLabel,
  fitCalibration,
  PRIOR_MODEL,
  predictConviction,
  prepareScan,
  resolvedHistory,
} from '../../src/index.js';
import { pooksoftBars } from './pooksoft-bars.js';

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

/** Samples whose true P(T1 first) is the random-walk odds, raised for one setup and lowered for shorts. */
function synthetic(n: number, seed: number) {
  const u = rng(seed);
  const d = CALIBRATION_FEATURES.length;
  return Array.from({ length: n }, () => {
    const x = new Float64Array(d);
    x[0] = 1;
    const setup = Math.floor(u() * 6);
    if (setup > 0) x[setup] = 1;
    const short = u() < 0.5 ? 1 : 0;
    x[6] = short;
    const r = 0.8 + 3.2 * u();
    x[7] = Math.log(r);
    for (let j = 8; j < d; j++) x[j] = u();
    const truth = 1 / (1 + Math.exp(Math.log(r) - (setup === 1 ? 0.6 : 0) + 0.4 * short));
    return { x, y: (u() < truth ? 1 : 0) as 0 | 1, truth };
  });
}

describe('calibration machinery', () => {
  it('recovers a known hit probability (mean error < 0.02) and is calibrated bucket by bucket', () => {
    const model = fitCalibration(synthetic(20_000, 1));
    const test = synthetic(20_000, 2);
    const p = test.map((s) => predictConviction(model, s.x));
    const meanError = test.reduce((a, s, i) => a + Math.abs((p[i] as number) - s.truth), 0) / test.length;
    expect(meanError).toBeLessThan(0.02);
    for (const row of calibrationTable(
      p,
      test.map((s) => s.y),
    )) {
      if (row.count >= 500)
        expect(Math.abs((row.predicted as number) - (row.realised as number))).toBeLessThan(0.03);
    }
    const base = test.reduce((a, s) => a + s.y, 0) / test.length;
    expect(
      brierScore(
        p,
        test.map((s) => s.y),
      ),
    ).toBeLessThan(
      brierScore(
        test.map(() => base),
        test.map((s) => s.y),
      ),
    );
  });

  it('with no history the conviction is the random-walk odds 1/(1+R)', () => {
    const x = new Float64Array(CALIBRATION_FEATURES.length);
    x[0] = 1;
    x[7] = Math.log(2);
    expect(predictConviction(PRIOR_MODEL, x)).toBeCloseTo(1 / 3, 12);
    expect([convictionLabel(0.2), convictionLabel(0.35), convictionLabel(0.5)]).toEqual([
      'low',
      'medium',
      'high',
    ]);
  });
});

describe('walk-forward on real data (20 Pooksoft tickers)', () => {
  it('fitted on outcomes resolved by 2012-12-31, it beats the base rate on 2013–2015 (Brier)', () => {
    const train: ReturnType<typeof calibrationSamples> = [];
    const test: ReturnType<typeof calibrationSamples> = [];
    for (const { dates, bars } of pooksoftBars(20)) {
      const history = resolvedHistory(prepareScan(bars));
      train.push(
        ...calibrationSamples(history.filter((h) => (dates[h.resolved_bar] as string) <= '2012-12-31')),
      );
      test.push(
        ...calibrationSamples(history.filter((h) => (dates[h.candidate.t] as string) >= '2013-01-01')),
      );
    }
    const model = fitCalibration(train);
    const y = test.map((s) => s.y);
    const p = test.map((s) => predictConviction(model, s.x));
    expect(test.length).toBeGreaterThan(500);
    expect(brierScore(p, y)).toBeLessThan(
      brierScore(
        y.map(() => model.base_rate as number),
        y,
      ),
    );
  });
});
