import { readSentimentSplit } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { bestSetting, crossValidateSentiment, macroF1 } from '../../src/sentiment/cross-validate.js';

describe('macroF1', () => {
  it('matches a hand computation of the per-class F1 mean', () => {
    // Rows true, columns predicted; F1_c = 2·tp_c / (predicted_c + actual_c), averaged unweighted —
    // the definition of sklearn's f1_score(average='macro'). Worked by hand.
    const cm = [
      [8, 2, 0], // actual 10
      [3, 20, 2], // actual 25
      [0, 4, 6], // actual 10
    ];
    // predicted: 11, 26, 8 → F1 = 16/21, 40/51, 12/18
    expect(macroF1(cm)).toBeCloseTo((16 / 21 + 40 / 51 + 12 / 18) / 3, 15);
  });

  it('is 1 for a diagonal matrix and 0 when nothing is right', () => {
    expect(
      macroF1([
        [3, 0],
        [0, 5],
      ]),
    ).toBe(1);
    expect(
      macroF1([
        [0, 3],
        [5, 0],
      ]),
    ).toBe(0);
  });
});

describe('crossValidateSentiment', () => {
  const rows = readSentimentSplit('train').rows.slice(0, 240);
  const grid = [
    { c: 1, classWeightPower: 0.5 },
    { c: 3, classWeightPower: 0.5 },
  ];
  const options = { maxIterations: 8, maxFeatures: 500 } as const;

  it('is deterministic and returns settings × λ in grid order', () => {
    const a = crossValidateSentiment(rows, grid, [0, 1], 3, options);
    const b = crossValidateSentiment(rows, grid, [0, 1], 3, options);
    expect(b).toEqual(a);
    expect(a.map((r) => [r.c, r.lexiconWeight])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
      [3, 1],
    ]);
    for (const r of a) {
      expect(r.macroF1).toBeGreaterThan(0);
      expect(r.macroF1).toBeLessThanOrEqual(1);
    }
  });

  it('bestSetting keeps the earliest of equal scores', () => {
    const r = [
      { c: 1, classWeightPower: 0, lexiconWeight: 0, macroF1: 0.5 },
      { c: 2, classWeightPower: 0, lexiconWeight: 0, macroF1: 0.7 },
      { c: 3, classWeightPower: 0, lexiconWeight: 0, macroF1: 0.7 },
    ];
    expect(bestSetting(r).c).toBe(2);
  });
});
