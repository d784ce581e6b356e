import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustBars, adjustmentFactors } from '../../src/market/ingest/adjust.js';
import type { Bar, CorporateAction } from '../../src/market/ingest/types.js';

function bar(date: string, close: number, volume = 1000): Bar {
  return { date, open: close, high: close, low: close, close, volume };
}

const BARS = [bar('2024-01-02', 100), bar('2024-01-03', 102), bar('2024-01-04', 51), bar('2024-01-05', 50)];

describe('backward split and dividend adjustment', () => {
  it('leaves raw series alone', () => {
    const f = adjustmentFactors(BARS, [{ date: '2024-01-04', kind: 'split', value: 2 }], 'raw');
    expect([...f.price]).toEqual([1, 1, 1, 1]);
    expect([...f.volume]).toEqual([1, 1, 1, 1]);
  });

  it('divides prices and multiplies volumes before a split ex-date by its ratio', () => {
    const out = adjustBars(BARS, [{ date: '2024-01-04', kind: 'split', value: 2 }], 'split');
    expect(out.map((b) => b.close)).toEqual([50, 51, 51, 50]);
    expect(out.map((b) => b.volume)).toEqual([2000, 2000, 1000, 1000]);
  });

  it('scales prices before a dividend ex-date by 1 − D / previous close, only for split_div', () => {
    const actions: CorporateAction[] = [{ date: '2024-01-05', kind: 'dividend', value: 1.02 }];
    expect([...adjustmentFactors(BARS, actions, 'split').price]).toEqual([1, 1, 1, 1]);
    const f = adjustmentFactors(BARS, actions, 'split_div');
    expect([...f.price]).toEqual([0.98, 0.98, 0.98, 1]);
    expect([...f.volume]).toEqual([1, 1, 1, 1]);
  });

  it('measures a same-day dividend against the previous close in post-split shares', () => {
    const actions: CorporateAction[] = [
      { date: '2024-01-04', kind: 'dividend', value: 1.02 },
      { date: '2024-01-04', kind: 'split', value: 2 },
    ];
    const f = adjustmentFactors(BARS, actions, 'split_div');
    // previous close 102 is 51 per post-split share; 1 − 1.02 / 51 = 0.98
    expect(f.price[1]).toBeCloseTo(0.5 * 0.98, 15);
    expect(f.price[2]).toBe(1);
  });

  it('applies actions after the last bar to every bar and ignores those on or before the first', () => {
    const f = adjustmentFactors(
      BARS,
      [
        { date: '2023-12-01', kind: 'split', value: 3 },
        { date: '2024-01-02', kind: 'split', value: 5 },
        { date: '2024-02-01', kind: 'split', value: 4 },
      ],
      'split',
    );
    expect([...f.price]).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('throws for a dividend as large as the close it is measured against', () => {
    expect(() =>
      adjustmentFactors(BARS, [{ date: '2024-01-03', kind: 'dividend', value: 100 }], 'split_div'),
    ).toThrow(RangeError);
  });

  it('gives adjusted returns C_t·r / (C_{t−1} − D·r) across every ex-date, keeps the last bar raw when no action follows it, mutates nothing', () => {
    const series = fc
      .array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 40 })
      .chain((closes) =>
        fc.tuple(
          fc.constant(closes),
          fc.array(
            fc.record({
              i: fc.integer({ min: 0, max: closes.length + 1 }),
              kind: fc.constantFrom('split' as const, 'dividend' as const),
              x: fc.double({ min: 0.01, max: 0.2, noNaN: true }),
              r: fc.constantFrom(0.1, 0.5, 1.5, 2, 3, 7),
            }),
            { maxLength: 6 },
          ),
        ),
      );
    fc.assert(
      fc.property(series, ([closes, raw]) => {
        const bars = closes.map((c, i) => bar(`2024-01-${String(i + 1).padStart(2, '0')}`, c));
        const dateOf = (i: number) => `2024-01-${String(i + 1).padStart(2, '0')}`;
        // at most one action of each kind per day; dividends as a fraction of the previous close
        const seen = new Set<string>();
        const actions: CorporateAction[] = [];
        for (const a of raw) {
          if (a.i === 0 || seen.has(`${a.i}${a.kind}`)) continue;
          seen.add(`${a.i}${a.kind}`);
          actions.push({ date: dateOf(a.i), kind: a.kind, value: a.kind === 'split' ? a.r : a.x });
        }
        for (const a of actions) {
          if (a.kind !== 'dividend') continue;
          const i = Number(a.date.slice(8)) - 1;
          const r = actions.find((s) => s.kind === 'split' && s.date === a.date)?.value ?? 1;
          const prev = closes[Math.min(i, closes.length) - 1] as number;
          (a as { value: number }).value = (a.value * prev) / r;
        }
        const snapshot = JSON.stringify([bars, actions]);
        const adj = adjustBars(bars, actions, 'split_div');
        expect(JSON.stringify([bars, actions])).toBe(snapshot);
        if (actions.every((a) => a.date <= dateOf(closes.length - 1))) {
          expect(adj[adj.length - 1]?.close).toBe(closes[closes.length - 1]);
        }
        for (let t = 1; t < bars.length; t++) {
          const r = actions
            .filter((a) => a.kind === 'split' && a.date === dateOf(t))
            .reduce((p, a) => p * a.value, 1);
          const d = actions
            .filter((a) => a.kind === 'dividend' && a.date === dateOf(t))
            .reduce((s, a) => s + a.value, 0);
          const expected = ((closes[t] as number) * r) / ((closes[t - 1] as number) - d * r);
          const got = (adj[t]?.close as number) / (adj[t - 1]?.close as number);
          expect(Math.abs(got / expected - 1)).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });
});
