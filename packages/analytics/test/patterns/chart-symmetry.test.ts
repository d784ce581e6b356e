import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectChartPatterns } from '../../src/patterns/chart/detect-chart-patterns.js';
import type { ChartPattern } from '../../src/patterns/chart/types.js';
import { MIRRORED_TYPE } from './chart-expect.js';
import { type Bars, randomBars, tickerBars } from './chart-fixtures.js';

/** Price reflection through zero: exact in floating point, so every comparison must mirror exactly. */
const reflect = (b: Bars) => ({
  high: b.low.map((v) => -v),
  low: b.high.map((v) => -v),
  close: b.close.map((v) => -v),
});

const ROLE_SWAP: Record<string, string> = {
  first_top: 'first_bottom',
  second_top: 'second_bottom',
  trough: 'peak',
  top: 'bottom',
  upper: 'lower',
};
const mirrorRole = (role: string): string => {
  const [stem, k] = role.split(/_(?=\d+$)/) as [string, string | undefined];
  const swapped = ROLE_SWAP[stem] ?? Object.entries(ROLE_SWAP).find(([, v]) => v === stem)?.[0] ?? stem;
  return k === undefined ? swapped : `${swapped}_${k}`;
};

/** Negation without the sign of zero (a flat line has slope 0 both ways). */
const neg = (x: number): number => (x === 0 ? 0 : -x);

function expectMirrored(p: ChartPattern, q: ChartPattern): void {
  expect(q.type).toBe(MIRRORED_TYPE[p.type]);
  expect(q.bias).toBe(p.bias === 'bullish' ? 'bearish' : 'bullish');
  expect(q.points).toEqual(p.points.map((x) => ({ ...x, role: mirrorRole(x.role), price: -x.price })));
  expect(q.breakout).toEqual({ ...p.breakout, level: -p.breakout.level, slope: neg(p.breakout.slope) });
  expect(q.invalidation).toEqual({
    ...p.invalidation,
    level: -p.invalidation.level,
    slope: neg(p.invalidation.slope),
  });
  expect([q.height, q.target, q.expiresAt, q.detectedAt]).toEqual([
    p.height,
    -p.target,
    p.expiresAt,
    p.detectedAt,
  ]);
  expect(q.events).toEqual(p.events);
}

function checkReflection(bars: Bars): number {
  const a = detectChartPatterns(bars);
  const b = detectChartPatterns(reflect(bars));
  expect(b.swings).toEqual(
    a.swings.map((s) => ({ ...s, kind: s.kind === 'high' ? 'low' : 'high', price: -s.price })),
  );
  expect(b.patterns).toHaveLength(a.patterns.length);
  a.patterns.forEach((p, k) => {
    expectMirrored(p, b.patterns[k]!);
  });
  return a.patterns.length;
}

describe('chart patterns are symmetric under price reflection', () => {
  it('reflecting every price gives the mirrored swings and patterns, bar for bar (fast-check)', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 30, max: 600 }), (seed, n) => {
        seen += checkReflection(randomBars(seed, n));
      }),
      { numRuns: 120 },
    );
    expect(seen).toBeGreaterThan(100);
  });

  it('holds on real data (JPM)', () => {
    expect(checkReflection(tickerBars('JPM'))).toBeGreaterThan(100);
  });
});
