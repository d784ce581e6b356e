import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartPatternsAsOf } from '../../src/patterns/chart/chart-patterns-as-of.js';
import { detectChartPatterns } from '../../src/patterns/chart/detect-chart-patterns.js';
import type { ChartPatternOptions } from '../../src/patterns/chart/options.js';
import { type Bars, randomBars, tickerBars } from './chart-fixtures.js';

const prefix = (bars: Bars, t: number) => ({
  high: bars.high.slice(0, t + 1),
  low: bars.low.slice(0, t + 1),
  close: bars.close.slice(0, t + 1),
});

const options: fc.Arbitrary<ChartPatternOptions> = fc.record({
  swingThresholdAtr: fc.double({ min: 0.8, max: 3, noNaN: true }),
  flagSwingThresholdAtr: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
  equalToleranceAtr: fc.double({ min: 0.3, max: 2, noNaN: true }),
  minHeightAtr: fc.double({ min: 0.5, max: 3, noNaN: true }),
  lineToleranceAtr: fc.double({ min: 0.3, max: 1.5, noNaN: true }),
  maxBreakoutBars: fc.integer({ min: 5, max: 80 }),
  maxTargetBars: fc.integer({ min: 5, max: 150 }),
});

describe('chart patterns never look ahead', () => {
  it('patterns of bars[0..t] equal the full-series patterns restricted to what was known at t (fast-check)', () => {
    let patternsSeen = 0;
    let eventsCut = 0;
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 30, max: 700 }),
        options,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
        (seed, n, opts, cuts) => {
          const bars = randomBars(seed, n);
          const full = detectChartPatterns(bars, opts);
          patternsSeen += full.patterns.length;
          // Random cut points, plus the bars just before and at a lifecycle transition and at a detection.
          const targeted = full.patterns
            .filter((p) => p.events.length > 1)
            .slice(0, 2)
            .flatMap((p) => [p.detectedAt, p.events[1]!.bar - 1, p.events[1]!.bar]);
          for (const t of [...cuts.map((c) => Math.floor(c * (n - 1))), ...targeted]) {
            const known = chartPatternsAsOf(full, t);
            eventsCut += full.patterns.filter(
              (p) => p.detectedAt <= t && p.events.some((e) => e.bar > t),
            ).length;
            expect(detectChartPatterns(prefix(bars, t), opts)).toEqual(known);
          }
        },
      ),
      { numRuns: 150 },
    );
    // The property is only meaningful if patterns exist and some are cut mid-lifecycle.
    expect(patternsSeen).toBeGreaterThan(100);
    expect(eventsCut).toBeGreaterThan(10);
  });

  it('holds on real data (XOM, 4,068 bars) at ten cut points', () => {
    const bars = tickerBars('XOM');
    const full = detectChartPatterns(bars);
    for (let k = 1; k <= 10; k++) {
      const t = Math.floor((k * (bars.close.length - 1)) / 10);
      expect(detectChartPatterns(prefix(bars, t))).toEqual(chartPatternsAsOf(full, t));
    }
  });

  it('every lifecycle event is dated at or after detection and in time order', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 30, max: 700 }), (seed, n) => {
        for (const p of detectChartPatterns(randomBars(seed, n)).patterns) {
          expect(p.events[0]!.bar).toBe(p.detectedAt);
          for (let k = 1; k < p.events.length; k++) {
            expect(p.events[k]!.bar).toBeGreaterThanOrEqual(p.events[k - 1]!.bar);
          }
          expect(p.state).toBe(p.events[p.events.length - 1]!.state);
        }
      }),
      { numRuns: 100 },
    );
  });
});
