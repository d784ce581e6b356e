import { describe, expect, it } from 'vitest';
import { detectChartPatterns } from '../../src/patterns/chart/detect-chart-patterns.js';
import { lineAt } from '../../src/patterns/chart/lines.js';
import type { ChartPatternType, PatternBias } from '../../src/patterns/chart/types.js';
import { findPattern, knownAtByDefinition, MIRRORED_TYPE } from './chart-expect.js';
import { firstBar, mirror, pathBars, talibAtr } from './chart-fixtures.js';

/**
 * Synthetic paths drawn through waypoints with 0.5 wicks: a waypoint peak at price P is a swing high of
 * P + 0.5 at that bar, a trough a swing low of P − 0.5. Expected points, lines and targets below are worked
 * out by hand from the waypoints; detection bars from the zig-zag definition with TA-Lib's ATR.
 */
interface ShapeCase {
  readonly name: string;
  readonly type: ChartPatternType;
  readonly bias: PatternBias;
  readonly waypoints: [number, number][];
  /** [role, bar, swing price] in time order. */
  readonly points: [string, number, number][];
  /** Breakout line from the construction. */
  readonly breakout: (t: number) => number;
  /** Measured move: height (opening gap, neckline distance or pole) added in the bias direction. */
  readonly height: number;
  /** Flags and pennants use the 1-ATR flag swings. */
  readonly thresholdAtr: number;
}

const line = (b0: number, p0: number, b1: number, p1: number) => (t: number) =>
  p0 + ((p1 - p0) * (t - b0)) / (b1 - b0);

const CASES: ShapeCase[] = [
  {
    name: 'double top',
    type: 'double_top',
    bias: 'bearish',
    waypoints: [
      [0, 100],
      [20, 120],
      [30, 110],
      [40, 120],
      [70, 90],
    ],
    points: [
      ['first_top', 20, 120.5],
      ['trough', 30, 109.5],
      ['second_top', 40, 120.5],
    ],
    breakout: () => 109.5,
    height: 11,
    thresholdAtr: 2,
  },
  {
    name: 'triple top',
    type: 'triple_top',
    bias: 'bearish',
    waypoints: [
      [0, 100],
      [20, 120],
      [30, 110],
      [40, 120],
      [50, 110],
      [60, 120],
      [90, 90],
    ],
    points: [
      ['top_1', 20, 120.5],
      ['trough_1', 30, 109.5],
      ['top_2', 40, 120.5],
      ['trough_2', 50, 109.5],
      ['top_3', 60, 120.5],
    ],
    breakout: () => 109.5,
    height: 11,
    thresholdAtr: 2,
  },
  {
    name: 'head and shoulders',
    type: 'head_and_shoulders',
    bias: 'bearish',
    waypoints: [
      [0, 100],
      [20, 120],
      [30, 110],
      [40, 126],
      [50, 110],
      [60, 120],
      [90, 85],
    ],
    points: [
      ['left_shoulder', 20, 120.5],
      ['neck_1', 30, 109.5],
      ['head', 40, 126.5],
      ['neck_2', 50, 109.5],
      ['right_shoulder', 60, 120.5],
    ],
    breakout: () => 109.5,
    height: 17,
    thresholdAtr: 2,
  },
  {
    name: 'ascending triangle (flat top, lows rising 0.2/bar)',
    type: 'ascending_triangle',
    bias: 'bullish',
    waypoints: [
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 106],
      [65, 120],
      [80, 112],
      [107, 150],
    ],
    points: [
      ['lower_1', 20, 99.5],
      ['upper_1', 35, 120.5],
      ['lower_2', 50, 105.5],
      ['upper_2', 65, 120.5],
      ['lower_3', 80, 111.5],
    ],
    breakout: () => 120.5,
    height: 120.5 - 99.5,
    thresholdAtr: 2,
  },
  {
    // Entered falling (first swing is a low), so the continuation bias is bearish: breakout = lower line.
    name: 'symmetric triangle',
    type: 'symmetric_triangle',
    bias: 'bearish',
    waypoints: [
      [0, 115],
      [20, 100],
      [35, 130],
      [50, 106],
      [65, 124],
      [80, 112],
      [86, 118],
      [110, 90],
    ],
    points: [
      ['lower_1', 20, 99.5],
      ['upper_1', 35, 130.5],
      ['lower_2', 50, 105.5],
      ['upper_2', 65, 124.5],
      ['lower_3', 80, 111.5],
    ],
    breakout: line(20, 99.5, 80, 111.5),
    height: line(35, 130.5, 65, 124.5)(20) - 99.5,
    thresholdAtr: 2,
  },
  {
    name: 'rising wedge (lows 0.3/bar, highs 1/6 per bar)',
    type: 'rising_wedge',
    bias: 'bearish',
    waypoints: [
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 109],
      [65, 125],
      [80, 118],
      [86, 123],
      [110, 100],
    ],
    points: [
      ['lower_1', 20, 99.5],
      ['upper_1', 35, 120.5],
      ['lower_2', 50, 108.5],
      ['upper_2', 65, 125.5],
      ['lower_3', 80, 117.5],
    ],
    breakout: line(20, 99.5, 80, 117.5),
    height: line(35, 120.5, 65, 125.5)(20) - 99.5,
    thresholdAtr: 2,
  },
  {
    name: 'rising channel (both lines 0.4/bar)',
    type: 'channel_up',
    bias: 'bullish',
    waypoints: [
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 112],
      [65, 132],
      [80, 124],
      [100, 150],
    ],
    points: [
      ['lower_1', 20, 99.5],
      ['upper_1', 35, 120.5],
      ['lower_2', 50, 111.5],
      ['upper_2', 65, 132.5],
      ['lower_3', 80, 123.5],
    ],
    breakout: line(35, 120.5, 65, 132.5),
    height: line(35, 120.5, 65, 132.5)(20) - 99.5,
    thresholdAtr: 2,
  },
  {
    name: 'horizontal channel',
    type: 'channel_horizontal',
    bias: 'bearish',
    waypoints: [
      [0, 115],
      [20, 100],
      [35, 115],
      [50, 100],
      [65, 115],
      [80, 100],
      [100, 125],
    ],
    points: [
      ['lower_1', 20, 99.5],
      ['upper_1', 35, 115.5],
      ['lower_2', 50, 99.5],
      ['upper_2', 65, 115.5],
      ['lower_3', 80, 99.5],
    ],
    breakout: () => 99.5,
    height: 16,
    thresholdAtr: 2,
  },
  {
    name: 'bull flag (pole 21 in 10 bars, parallel lines falling 0.2/bar)',
    type: 'flag',
    bias: 'bullish',
    waypoints: [
      [0, 110],
      [30, 100],
      [40, 120],
      [45, 114],
      [50, 118],
      [55, 112],
      [70, 140],
    ],
    points: [
      ['pole_start', 30, 99.5],
      ['pole_end', 40, 120.5],
      ['flag_1', 45, 113.5],
      ['flag_2', 50, 118.5],
      ['flag_3', 55, 111.5],
    ],
    breakout: line(40, 120.5, 50, 118.5),
    height: 21,
    thresholdAtr: 1,
  },
  {
    name: 'bull pennant (converging consolidation)',
    type: 'pennant',
    bias: 'bullish',
    waypoints: [
      [0, 110],
      [30, 100],
      [40, 120],
      [45, 112],
      [50, 117],
      [55, 113],
      [70, 140],
    ],
    points: [
      ['pole_start', 30, 99.5],
      ['pole_end', 40, 120.5],
      ['flag_1', 45, 111.5],
      ['flag_2', 50, 117.5],
      ['flag_3', 55, 112.5],
    ],
    breakout: line(40, 120.5, 50, 117.5),
    height: 21,
    thresholdAtr: 1,
  },
];

const AXIS = 240;

describe.each(CASES)('$name', (c) => {
  const bars = pathBars(c.waypoints);
  const atr = talibAtr(bars, 14);
  const s = c.bias === 'bullish' ? 1 : -1;
  const last = c.points[c.points.length - 1]!;
  const lastKind = bars.high[last[1]] === last[2] ? 'high' : 'low';
  const detectedAt = knownAtByDefinition(bars, atr, last[1], lastKind, c.thresholdAtr);
  const n = bars.close.length;
  const confirmedAt = firstBar(detectedAt, n, (i) => s * (bars.close[i]! - c.breakout(i)) > 0);
  const target = c.breakout(detectedAt) + s * c.height;

  it('is detected with its defining points when the last one becomes known', () => {
    const found = findPattern(detectChartPatterns(bars), c.type, c.points[0]![1]);
    expect(found).toBeDefined();
    const p = found!;
    expect(p.bias).toBe(c.bias);
    expect(p.points.map((q) => [q.role, q.index, q.price])).toEqual(c.points);
    expect(p.detectedAt).toBe(detectedAt);
    expect(Math.max(...p.points.map((q) => q.knownAt))).toBe(detectedAt);
    expect(lineAt(p.breakout, detectedAt)).toBeCloseTo(c.breakout(detectedAt), 9);
    expect(lineAt(p.breakout, detectedAt + 7)).toBeCloseTo(c.breakout(detectedAt + 7), 9);
    expect(p.height).toBeCloseTo(c.height, 9);
    expect(p.target).toBeCloseTo(target, 9);
    expect(p.events[0]).toEqual({ state: 'forming', bar: detectedAt, reason: 'detected' });
  });

  it('is confirmed at the first close beyond its breakout line (unless invalidated first)', () => {
    const p = findPattern(detectChartPatterns(bars), c.type, c.points[0]![1])!;
    const confirmed = p.events.find((e) => e.state === 'confirmed');
    if (c.type === 'channel_horizontal') {
      // The path leaves this (bearish) channel upwards: a close above the upper line invalidates it.
      const up = firstBar(detectedAt, n, (i) => bars.close[i]! > 115.5);
      expect(confirmed).toBeUndefined();
      expect(p.events[1]).toEqual({ state: 'invalidated', bar: up, reason: 'opposite_break' });
      return;
    }
    expect(confirmed).toEqual({ state: 'confirmed', bar: confirmedAt, reason: 'breakout' });
    const hit = firstBar(confirmedAt, n, (i) => s * ((s > 0 ? bars.high[i]! : bars.low[i]!) - target) >= 0);
    if (hit >= 0) expect(p.events[2]).toEqual({ state: 'target_hit', bar: hit, reason: 'target' });
    else expect(p.state).toBe('confirmed');
  });

  it('mirrors: reflected prices give the mirrored pattern with the same bars', () => {
    const original = findPattern(detectChartPatterns(bars), c.type, c.points[0]![1])!;
    const reflected = findPattern(
      detectChartPatterns(pathBars(mirror(c.waypoints, AXIS))),
      MIRRORED_TYPE[c.type],
      c.points[0]![1],
    );
    expect(reflected).toBeDefined();
    const r = reflected!;
    expect(r.bias).toBe(c.bias === 'bullish' ? 'bearish' : 'bullish');
    expect(r.points.map((q) => [q.index, q.knownAt])).toEqual(
      original.points.map((q) => [q.index, q.knownAt]),
    );
    r.points.forEach((q, j) => {
      expect(q.price).toBeCloseTo(AXIS - original.points[j]!.price, 9);
    });
    expect(r.target).toBeCloseTo(AXIS - original.target, 9);
    expect(r.events).toEqual(original.events);
  });
});

describe('near misses are not reported', () => {
  it('double top whose second top is 3 above the first (> 0.75 ATR) is not a double top', () => {
    const waypoints: [number, number][] = [
      [0, 100],
      [20, 120],
      [30, 110],
      [40, 123],
      [70, 90],
    ];
    const bars = pathBars(waypoints);
    const atr = talibAtr(bars, 14);
    const t = knownAtByDefinition(bars, atr, 40, 'high', 2);
    expect(3).toBeGreaterThan(0.75 * atr[t]!); // the miss is decided by equalToleranceAtr
    expect(detectChartPatterns(bars).patterns.filter((p) => p.type === 'double_top')).toEqual([]);
    // …and a looser tolerance accepts it, so it is the tolerance that rejects it.
    const loose = detectChartPatterns(bars, { equalToleranceAtr: (3 / atr[t]!) * 1.01 });
    expect(findPattern(loose, 'double_top', 20)).toBeDefined();
  });

  it('head only 0.3 above the shoulders (< 0.5 ATR) is not a head and shoulders', () => {
    const bars = pathBars([
      [0, 100],
      [20, 120],
      [30, 110],
      [40, 120.3],
      [50, 110],
      [60, 120],
      [90, 85],
    ]);
    const result = detectChartPatterns(bars);
    expect(result.patterns.filter((p) => p.type === 'head_and_shoulders')).toEqual([]);
    expect(findPattern(result, 'triple_top', 20)).toBeDefined();
  });

  it('a triangle whose middle low sits 4 off the line through the others fits no boundary pattern', () => {
    const bars = pathBars([
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 110],
      [65, 120],
      [80, 112],
      [107, 150],
    ]);
    const result = detectChartPatterns(bars);
    expect(result.swings.map((q) => q.index)).toEqual([14, 20, 35, 50, 65, 80]);
    const kinds = result.patterns.map((p) => p.type);
    for (const k of ['ascending_triangle', 'symmetric_triangle', 'rising_wedge', 'channel_up'] as const) {
      expect(kinds).not.toContain(k);
    }
  });

  it('broadening (diverging) swings are neither triangle, wedge nor channel', () => {
    const bars = pathBars([
      [0, 115],
      [20, 108],
      [35, 120],
      [50, 104],
      [65, 124],
      [80, 100],
      [100, 130],
    ]);
    const result = detectChartPatterns(bars);
    expect(result.swings.map((q) => q.index)).toEqual([14, 20, 35, 50, 65, 80]);
    const families = result.patterns.filter((p) => p.points.some((q) => q.role.startsWith('upper_')));
    expect(families).toEqual([]);
  });

  it('a flag retracing 12 of a 21 pole (> 50%) is not a flag', () => {
    const bars = pathBars([
      [0, 110],
      [30, 100],
      [40, 120],
      [45, 110],
      [50, 116],
      [55, 108],
      [70, 140],
    ]);
    expect(
      detectChartPatterns(bars).patterns.filter((p) => p.type === 'flag' || p.type === 'pennant'),
    ).toEqual([]);
  });

  it('a pole spread over 30 bars (> poleMaxBars 20) makes no flag', () => {
    const bars = pathBars([
      [0, 110],
      [20, 100],
      [50, 120],
      [55, 114],
      [60, 118],
      [65, 112],
      [80, 140],
    ]);
    expect(
      detectChartPatterns(bars).patterns.filter((p) => p.type === 'flag' || p.type === 'pennant'),
    ).toEqual([]);
    expect(
      detectChartPatterns(bars, { poleMaxBars: 30 }).patterns.filter((p) => p.type === 'flag'),
    ).toHaveLength(1);
  });
});

describe('classification boundaries', () => {
  it('the rising channel with its second high 4 lower converges (gap 17 → 9) and is a rising wedge', () => {
    const bars = pathBars([
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 112],
      [65, 128],
      [80, 124],
      [100, 150],
    ]);
    const types = detectChartPatterns(bars).patterns.map((p) => p.type);
    expect(types).toContain('rising_wedge');
    expect(types).not.toContain('channel_up');
  });

  it('an ascending triangle whose top drifts up 6 over its width is a rising wedge unless flatToleranceAtr allows it', () => {
    // Upper line through 120.5 (bar 35) and 123.5 (bar 65): slope 0.1, drift 6 over the 60-bar width.
    const bars = pathBars([
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 106],
      [65, 123],
      [80, 112],
      [107, 150],
    ]);
    const atr = talibAtr(bars, 14);
    const t = knownAtByDefinition(bars, atr, 80, 'low', 2);
    expect(6).toBeGreaterThan(atr[t]!); // drift exceeds the default flatToleranceAtr of 1 ATR
    expect(findPattern(detectChartPatterns(bars), 'rising_wedge', 20)).toBeDefined();
    expect(findPattern(detectChartPatterns(bars), 'ascending_triangle', 20)).toBeUndefined();
    const tolerant = detectChartPatterns(bars, { flatToleranceAtr: (6 / atr[t]!) * 1.01 });
    expect(findPattern(tolerant, 'ascending_triangle', 20)).toBeDefined();
  });
});
