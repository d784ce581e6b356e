import { describe, expect, it } from 'vitest';
import { chartPatternsAsOf } from '../../src/patterns/chart/chart-patterns-as-of.js';
import { detectChartPatterns } from '../../src/patterns/chart/detect-chart-patterns.js';
import { CHART_PATTERN_DEFAULTS } from '../../src/patterns/chart/options.js';
import { findPattern, knownAtByDefinition } from './chart-expect.js';
import { firstBar, pathBars, talibAtr } from './chart-fixtures.js';

/**
 * Lifecycle of a double top with tops 120.5 at bars 20 and 40 and neckline 109.5 at bar 30 (height 11,
 * target 98.5); only the path after the second top changes between tests.
 */
const HEAD: [number, number][] = [
  [0, 100],
  [20, 120],
  [30, 110],
  [40, 120],
];

function doubleTop(tail: [number, number][]) {
  const bars = pathBars([...HEAD, ...tail]);
  const detectedAt = knownAtByDefinition(bars, talibAtr(bars, 14), 40, 'high', 2);
  const result = detectChartPatterns(bars);
  return { bars, detectedAt, result, pattern: findPattern(result, 'double_top', 20)! };
}

describe('chart pattern lifecycle', () => {
  it('forming → confirmed at the first close under the neckline → target_hit at the first low at the target', () => {
    const { bars, detectedAt, pattern } = doubleTop([[70, 90]]);
    const n = bars.close.length;
    const confirmed = firstBar(detectedAt, n, (i) => bars.close[i]! < 109.5);
    const hit = firstBar(confirmed, n, (i) => bars.low[i]! <= 98.5);
    expect(pattern.events).toEqual([
      { state: 'forming', bar: detectedAt, reason: 'detected' },
      { state: 'confirmed', bar: confirmed, reason: 'breakout' },
      { state: 'target_hit', bar: hit, reason: 'target' },
    ]);
    expect(pattern.state).toBe('target_hit');
  });

  it('forming → invalidated when a close exceeds the higher top before the breakout', () => {
    const { bars, detectedAt, pattern } = doubleTop([
      [45, 114],
      [60, 130],
    ]);
    const above = firstBar(detectedAt, bars.close.length, (i) => bars.close[i]! > 120.5);
    expect(pattern.events.slice(1)).toEqual([{ state: 'invalidated', bar: above, reason: 'opposite_break' }]);
  });

  it('forming → invalidated (expired) maxBreakoutBars after detection without a breakout', () => {
    const { detectedAt, pattern } = doubleTop([
      [45, 115],
      [200, 115],
    ]);
    expect(pattern.expiresAt).toBe(detectedAt + CHART_PATTERN_DEFAULTS.maxBreakoutBars);
    expect(pattern.events.slice(1)).toEqual([
      { state: 'invalidated', bar: pattern.expiresAt, reason: 'expired' },
    ]);
  });

  it('confirmed → invalidated (failed) when price closes back above the tops after the breakout', () => {
    const { bars, detectedAt, pattern } = doubleTop([
      [52, 108],
      [70, 125],
    ]);
    const n = bars.close.length;
    const confirmed = firstBar(detectedAt, n, (i) => bars.close[i]! < 109.5);
    const failed = firstBar(confirmed, n, (i) => bars.close[i]! > 120.5);
    expect(pattern.events.slice(1)).toEqual([
      { state: 'confirmed', bar: confirmed, reason: 'breakout' },
      { state: 'invalidated', bar: failed, reason: 'failed' },
    ]);
  });

  it('stays confirmed once tracking stops maxTargetBars after the breakout', () => {
    const { pattern } = doubleTop([
      [52, 106],
      [400, 106],
    ]);
    expect(pattern.state).toBe('confirmed');
    expect(pattern.events.map((e) => e.state)).toEqual(['forming', 'confirmed']);
  });

  it('a triple top supersedes the live double top made of its first three points', () => {
    const bars = pathBars([...HEAD, [50, 110], [60, 120], [90, 90]]);
    const result = detectChartPatterns(bars);
    const triple = findPattern(result, 'triple_top', 20)!;
    const double = findPattern(result, 'double_top', 20)!;
    expect(double.events[double.events.length - 1]).toEqual({
      state: 'invalidated',
      bar: triple.detectedAt,
      reason: 'superseded',
    });
    // The double top of the last three tops (bars 40–60) shares swings with the triple and is dropped.
    expect(findPattern(result, 'double_top', 40)).toBeUndefined();
  });

  it('reports the state as of any bar from the events up to that bar', () => {
    const { bars, result, pattern } = doubleTop([[70, 90]]);
    const [forming, confirmed, hit] = pattern.events;
    const at = (t: number) =>
      chartPatternsAsOf(result, t).patterns.find((p) => p.type === 'double_top')?.state;
    expect(at(forming!.bar - 1)).toBeUndefined();
    expect(at(forming!.bar)).toBe('forming');
    expect(at(confirmed!.bar - 1)).toBe('forming');
    expect(at(confirmed!.bar)).toBe('confirmed');
    expect(at(hit!.bar - 1)).toBe('confirmed');
    expect(at(bars.close.length - 1)).toBe('target_hit');
  });
});

describe('detectChartPatterns contract', () => {
  it('rejects out-of-range options, mismatched arrays and non-finite prices with RangeError', () => {
    const bars = pathBars(HEAD);
    expect(() => detectChartPatterns(bars, { swingThresholdAtr: 0 })).toThrow(RangeError);
    expect(() => detectChartPatterns(bars, { atrPeriod: 2.5 })).toThrow(RangeError);
    expect(() => detectChartPatterns(bars, { minPatternBars: 50, maxPatternBars: 40 })).toThrow(RangeError);
    expect(() => detectChartPatterns({ ...bars, low: bars.low.subarray(1) })).toThrow(RangeError);
    const gap = bars.close.slice();
    gap[5] = Number.NaN;
    expect(() => detectChartPatterns({ ...bars, close: gap })).toThrow(/bar 5/);
  });

  it('handles empty and too-short series without patterns', () => {
    const empty = new Float64Array(0);
    expect(detectChartPatterns({ high: empty, low: empty, close: empty })).toEqual({
      swings: [],
      flagSwings: [],
      patterns: [],
    });
    const short = pathBars([
      [0, 100],
      [10, 120],
    ]);
    expect(detectChartPatterns(short).patterns).toEqual([]);
  });

  it('finds no swings in a constant series (ATR 0 never confirms a reversal)', () => {
    const flat = new Float64Array(300).fill(50);
    const result = detectChartPatterns({ high: flat, low: flat, close: flat });
    expect([result.swings, result.flagSwings, result.patterns]).toEqual([[], [], []]);
  });

  it('does not mutate its inputs', () => {
    const bars = pathBars([...HEAD, [70, 90]]);
    const copies = [bars.high.slice(), bars.low.slice(), bars.close.slice()];
    detectChartPatterns(bars);
    expect([bars.high, bars.low, bars.close]).toEqual(copies);
  });
});
