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

  it('scales prices before a dividend ex-date by C / (C + D), C the ex-date close, only for split_div', () => {
    const actions: CorporateAction[] = [{ date: '2024-01-05', kind: 'dividend', value: 1.02 }];
    expect([...adjustmentFactors(BARS, actions, 'split').price]).toEqual([1, 1, 1, 1]);
    const f = adjustmentFactors(BARS, actions, 'split_div');
    expect([...f.price]).toEqual([50 / 51.02, 50 / 51.02, 50 / 51.02, 1]);
    expect([...f.volume]).toEqual([1, 1, 1, 1]);
    expect(f.issues).toEqual([]);
  });

  it('reads a same-day dividend against the ex-date close, which is already in post-split shares: the split scales once', () => {
    const actions: CorporateAction[] = [
      { date: '2024-01-04', kind: 'dividend', value: 1.02 },
      { date: '2024-01-04', kind: 'split', value: 2 },
    ];
    const f = adjustmentFactors(BARS, actions, 'split_div');
    // return across the ex-date = (51 + 1.02) · 2 / 102: the holder's two new shares and their cash
    expect(f.price[1]).toBeCloseTo((0.5 * 51) / 52.02, 15);
    expect(f.price[2]).toBe(1);
    expect(((51 * (f.price[2] as number)) / (102 * (f.price[1] as number))) * 1).toBeCloseTo(
      (52.02 * 2) / 102,
      12,
    );
  });

  it('reads a split coefficient written through float noise as the ratio it stands for (7.00000700001 → 7)', () => {
    const f = adjustmentFactors(BARS, [{ date: '2024-01-04', kind: 'split', value: 7.00000700001 }], 'split');
    expect([...f.price]).toEqual([1 / 7, 1 / 7, 1, 1]);
    expect([...f.volume]).toEqual([7, 7, 1, 1]);
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

  it('reads a distribution above the previous close from the ex-date close and warns that the move is implausible', () => {
    // KSU 2000-07-13: a "dividend" of 181 against a previous close of 93.75, the ex-date closing at 6.25
    const bars = [bar('2000-07-12', 93.75), bar('2000-07-13', 6.25)];
    const f = adjustmentFactors(bars, [{ date: '2000-07-13', kind: 'dividend', value: 181 }], 'split_div');
    expect(f.price[0]).toBeCloseTo(6.25 / 187.25, 15);
    expect(f.issues).toEqual([
      expect.objectContaining({ date: '2000-07-13', subject: 'dividend', value: 181, severity: 'warning' }),
    ]);
    expect(f.issues[0]?.message).toContain('+99.7 %');
  });

  it('never throws: an unreadable action is left unapplied and reported as an error issue', () => {
    const f = adjustmentFactors(
      BARS,
      [
        { date: '2024-01-03', kind: 'split', value: 0 },
        { date: '2024-01-04', kind: 'split', value: 2 },
        { date: '2024-01-05', kind: 'dividend', value: Number.NaN },
      ],
      'split_div',
    );
    expect([...f.price]).toEqual([0.5, 0.5, 1, 1]);
    expect(f.issues.map((i) => [i.date, i.subject, i.severity])).toEqual([
      ['2024-01-03', 'split', 'error'],
      ['2024-01-05', 'dividend', 'error'],
    ]);
  });

  it('reads a distribution dated after the last bar against the last close, and leaves one at or above it unapplied', () => {
    const later = adjustmentFactors(BARS, [{ date: '2024-02-01', kind: 'dividend', value: 1 }], 'split_div');
    expect(later.price[3]).toBeCloseTo(1 - 1 / 50, 15);
    const tooBig = adjustmentFactors(
      BARS,
      [{ date: '2024-02-01', kind: 'dividend', value: 50 }],
      'split_div',
    );
    expect([...tooBig.price]).toEqual([1, 1, 1, 1]);
    expect(tooBig.issues).toEqual([
      expect.objectContaining({ date: '2024-02-01', subject: 'dividend', severity: 'error' }),
    ]);
  });

  it('gives adjusted returns (C_t + D)·r / C_{t−1} across every ex-date, whatever the size of D, keeps the last bar raw when no action follows it, mutates nothing', () => {
    const series = fc
      .array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 40 })
      .chain((closes) =>
        fc.tuple(
          fc.constant(closes),
          fc.array(
            fc.record({
              i: fc.integer({ min: 0, max: closes.length + 1 }),
              kind: fc.constantFrom('split' as const, 'dividend' as const),
              x: fc.double({ min: 0.01, max: 3, noNaN: true }),
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
        // at most one action of each kind per day; dividends as a fraction (up to 3×) of the previous close
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
          const expected = (((closes[t] as number) + d) * r) / (closes[t - 1] as number);
          const got = (adj[t]?.close as number) / (adj[t - 1]?.close as number);
          expect(Math.abs(got / expected - 1)).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });
});
