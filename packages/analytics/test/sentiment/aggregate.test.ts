import { describe, expect, it } from 'vitest';
import { aggregateSentiment, type ScoredItem } from '../../src/sentiment/index.js';

const DAY = 86_400_000;
const item = (ticker: string, day: number, score: number, id: string): ScoredItem => ({
  ticker,
  timeMs: day * DAY,
  score,
  label: score > 0.2 ? 'bullish' : score < -0.2 ? 'bearish' : 'neutral',
  id,
});

describe('aggregateSentiment', () => {
  // Baseline: AAA has 10 items over the 10 previous days (1/day); window = day 10.
  const baseline = Array.from({ length: 10 }, (_, d) => item('AAA', d, 0.1, `b${d}`));
  const window = [
    item('AAA', 10, 0.9, 'w1'),
    item('AAA', 10.2, -0.6, 'w2'),
    item('AAA', 10.5, 0.5, 'w3'),
    item('AAA', 10.9, 0, 'w4'),
    item('BBB', 10.1, -0.3, 'x1'),
  ];
  const out = aggregateSentiment([...window, ...baseline], {
    windowStartMs: 10 * DAY,
    windowEndMs: 11 * DAY,
    baselineWindows: 10,
    topN: 2,
  });

  it('mean score, counts and buzz versus the ticker’s own average', () => {
    const a = out[0]!;
    expect(a.ticker).toBe('AAA');
    expect(a.count).toBe(4);
    expect(a.meanScore).toBeCloseTo((0.9 - 0.6 + 0.5 + 0) / 4, 12);
    expect(a.counts).toEqual({ bearish: 1, neutral: 1, bullish: 2 });
    expect(a.buzz).toBeCloseTo(4 / 1, 12);
  });

  it('top positive and negative items, strongest first', () => {
    expect(out[0]!.topPositive.map((i) => i.id)).toEqual(['w1', 'w3']);
    expect(out[0]!.topNegative.map((i) => i.id)).toEqual(['w2']);
  });

  it('a ticker without baseline history has NaN buzz; tickers sorted', () => {
    expect(out.map((t) => t.ticker)).toEqual(['AAA', 'BBB']);
    expect(out[1]!.buzz).toBeNaN();
  });

  it('ignores items outside the window and the baseline', () => {
    const far = aggregateSentiment([item('AAA', -50, 1, 'old'), item('AAA', 10.5, 0.4, 'now')], {
      windowStartMs: 10 * DAY,
      windowEndMs: 11 * DAY,
      baselineWindows: 10,
    });
    expect(far[0]!.buzz).toBeNaN();
    expect(far[0]!.count).toBe(1);
  });
});
