import { describe, expect, it } from 'vitest';
import { compileScreen, evaluateScreen, type ScreenBars, type ScreenQuery } from '../../src/index.js';

const flat = (close: readonly number[], volume = 1000): ScreenBars => ({
  open: Float64Array.from(close),
  high: Float64Array.from(close),
  low: Float64Array.from(close),
  close: Float64Array.from(close),
  volume: new Float64Array(close.length).fill(volume),
});

const run = (query: ScreenQuery, bars: ScreenBars, index: number) => {
  const r = compileScreen(query);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return evaluateScreen(r.screen, bars, index);
};

describe('evaluateScreen: crosses', () => {
  const rising = flat([1, 2, 3, 4, 5]);
  const falling = flat([5, 4, 3, 2, 1]);

  it('crosses_above is true when a ≤ b on the previous bar and a > b on this one', () => {
    const at = (i: number) => run({ where: 'close crosses_above 3' }, rising, i).matched;
    expect([1, 2, 3, 4].map(at)).toEqual([false, false, true, false]);
    // From exactly equal: 3 ≤ 3 before, 4 > 3 now.
    expect(run({ where: 'close crosses_above 2' }, rising, 2).matched).toBe(true);
  });

  it('crosses_below is true when a ≥ b on the previous bar and a < b on this one', () => {
    const at = (i: number) => run({ where: 'close crosses_below 3' }, falling, i).matched;
    expect([1, 2, 3, 4].map(at)).toEqual([false, false, true, false]);
  });

  it('reports both bars of the operands a cross reads', () => {
    const e = run({ where: 'sma(2) crosses_above sma(3)', sort: '-close' }, flat([3, 2, 1, 2, 4]), 4);
    // sma(2): 1.5 → 3, sma(3): 5/3 → 7/3, so sma(2) crosses above on bar 4, not on bar 3.
    expect(e).toEqual({
      matched: true,
      decided: true,
      values: { 'sma(2)': 3, 'sma(3)': 7 / 3, close: 4 },
      previous: { 'sma(2)': 1.5, 'sma(3)': 5 / 3 },
      missing: [],
      sort: 4,
    });
    expect(run({ where: 'sma(2) crosses_above sma(3)' }, flat([3, 2, 1, 2, 4]), 3)).toMatchObject({
      matched: false,
      previous: { 'sma(2)': 1.5, 'sma(3)': 2 },
    });
  });

  it('is unknown on the first bar (no previous bar), which names the operand missing', () => {
    expect(run({ where: 'close crosses_above 0' }, rising, 0)).toMatchObject({
      matched: false,
      decided: false,
      missing: ['close'],
      previous: { close: null },
    });
  });
});

describe('evaluateScreen: a missing operand makes its condition unknown, never a match', () => {
  const short = flat([10, 11, 12]);

  it.each([
    ['sma(5) > 0', false, false],
    ['sma(5) <= 0', false, false],
    ['not (sma(5) > 0)', false, false],
    ['not not (sma(5) > 0)', false, false],
    ['close > 0 or sma(5) > 0', true, true],
    ['sma(5) > 0 or close > 0', true, true],
    ['close < 0 and sma(5) > 0', false, true],
    ['not (close < 0 and sma(5) > 0)', true, true],
    ['close > 0 and sma(5) > 0', false, false],
    ['not (close > 0 and sma(5) > 0)', false, false],
  ])('%s → matched %s, decided %s, with sma(5) listed as missing', (where, matched, decided) => {
    const e = run({ where }, short, 2);
    expect(e.matched).toBe(matched);
    expect(e.decided).toBe(decided);
    expect(e.missing).toEqual(['sma(5)']);
    expect(e.values['sma(5)']).toBeNull();
  });

  it('treats a non-finite result of arithmetic (division by zero) as unknown', () => {
    const e = run({ where: 'close / (open - close) > 0 or not (close / (open - close) > 0)' }, short, 1);
    expect(e).toMatchObject({
      matched: false,
      decided: false,
      missing: [],
      values: { close: 11, open: 11 },
    });
  });

  it('gives the sort value, null when it has none', () => {
    expect(run({ where: 'close > 0', sort: '-roc(1)' }, short, 2).sort).toBeCloseTo(100 / 11, 12);
    expect(run({ where: 'close > 0', sort: 'sma(5)' }, short, 2).sort).toBeNull();
    expect(run({ where: 'close > 0' }, short, 2).sort).toBeNull();
  });

  it('compares with exact equality', () => {
    expect(run({ where: 'close = 12 and close != 12.000000001' }, short, 2).matched).toBe(true);
  });
});

describe('evaluateScreen: programming faults throw', () => {
  const r = compileScreen({ where: 'close > 0' });
  if (!r.ok) throw new Error('compile');
  it('refuses an index outside the bars', () => {
    expect(() => evaluateScreen(r.screen, flat([1, 2]), 2)).toThrow(RangeError);
    expect(() => evaluateScreen(r.screen, flat([1, 2]), -1)).toThrow(RangeError);
    expect(() => evaluateScreen(r.screen, flat([1, 2]), 0.5)).toThrow(RangeError);
  });
  it('refuses columns of different lengths', () => {
    expect(() => evaluateScreen(r.screen, { ...flat([1, 2]), volume: new Float64Array(1) }, 1)).toThrow(
      RangeError,
    );
  });
});
