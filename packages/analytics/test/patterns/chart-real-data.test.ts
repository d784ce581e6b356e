import { afterAll, describe, expect, it } from 'vitest';
import { CHART_PATTERN_TYPES } from '../../src/patterns/chart/chart-pattern-types.js';
import { detectChartPatterns } from '../../src/patterns/chart/detect-chart-patterns.js';
import { lineAt } from '../../src/patterns/chart/lines.js';
import { CHART_PATTERN_DEFAULTS as P } from '../../src/patterns/chart/options.js';
import type { ChartPattern, ChartPatternResult, PatternLine } from '../../src/patterns/chart/types.js';
import { type Bars, talibAtr, tickerBars } from './chart-fixtures.js';

/**
 * Smoke run over real tickers (Pooksoft S&P 500 daily, 1999-11 … 2015-12, split/dividend-adjusted via
 * adjusted_close / close). Each pattern is re-checked against its definition with TA-Lib's ATR(14) as the
 * unit; tolerance 1e-9 relative for the threshold comparisons.
 */
const TICKERS = ['AAPL', 'KO', 'XOM', 'JPM', 'GE'];
const EPS = 1e-9;
const counts: Record<string, Record<string, number>> = {};

const upperLine = (p: ChartPattern): PatternLine => (p.bias === 'bullish' ? p.breakout : p.invalidation);
const lowerLine = (p: ChartPattern): PatternLine => (p.bias === 'bullish' ? p.invalidation : p.breakout);

function checkDefinition(p: ChartPattern, unit: number): void {
  const s = p.bias === 'bullish' ? 1 : -1;
  const pts = p.points.map((q) => q.price);
  const first = p.points[0]!.index;
  const width = p.points[p.points.length - 1]!.index - first;
  const tol = (k: number) => k * unit * (1 + EPS);
  const drift = (line: PatternLine) => line.slope * width;
  switch (p.type) {
    case 'double_top':
    case 'double_bottom':
      expect(Math.abs(pts[0]! - pts[2]!)).toBeLessThanOrEqual(tol(P.equalToleranceAtr));
      expect(p.breakout.level).toBe(pts[1]);
      expect(s * (pts[1]! - pts[0]!)).toBeGreaterThan(0);
      break;
    case 'triple_top':
    case 'triple_bottom': {
      const tops = [pts[0]!, pts[2]!, pts[4]!];
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(tol(P.equalToleranceAtr));
      expect(p.breakout.level).toBe(s > 0 ? Math.max(pts[1]!, pts[3]!) : Math.min(pts[1]!, pts[3]!));
      break;
    }
    case 'head_and_shoulders':
    case 'inverse_head_and_shoulders': {
      const [ls, n1, head, n2, rs] = pts as [number, number, number, number, number];
      expect(-s * (head - (s < 0 ? Math.max(ls, rs) : Math.min(ls, rs)))).toBeGreaterThanOrEqual(
        P.headMinAtr * unit * (1 - EPS),
      );
      expect(Math.abs(ls - rs)).toBeLessThanOrEqual(tol(P.shoulderToleranceAtr));
      expect(Math.abs(n1 - n2)).toBeLessThanOrEqual(tol(P.necklineToleranceAtr));
      expect(lineAt(p.breakout, p.points[1]!.index)).toBeCloseTo(n1, 6);
      expect(lineAt(p.breakout, p.points[3]!.index)).toBeCloseTo(n2, 6);
      break;
    }
    case 'flag':
    case 'pennant':
      expect(p.height).toBeGreaterThanOrEqual(P.poleMinAtr * unit * (1 - EPS));
      expect(p.points[1]!.index - first).toBeLessThanOrEqual(P.poleMaxBars);
      expect(s * (pts[1]! - pts[0]!)).toBe(p.height);
      break;
    default: {
      // Boundary patterns: every swing near its line, lines classified as the type says.
      const up = upperLine(p);
      const lo = lowerLine(p);
      for (const q of p.points) {
        const l = q.role.startsWith('upper_') ? up : lo;
        expect(Math.abs(q.price - lineAt(l, q.index))).toBeLessThanOrEqual(tol(P.lineToleranceAtr));
      }
      const flat = (l: PatternLine) => Math.abs(drift(l)) < P.flatToleranceAtr * unit;
      const rising = (l: PatternLine) => drift(l) >= P.flatToleranceAtr * unit;
      const falling = (l: PatternLine) => drift(l) <= -P.flatToleranceAtr * unit;
      const gap0 = lineAt(up, first) - lineAt(lo, first);
      const gap1 = lineAt(up, first + width) - lineAt(lo, first + width);
      expect(gap0).toBeCloseTo(p.height, 6);
      const expected: Record<string, [(l: PatternLine) => boolean, (l: PatternLine) => boolean, boolean]> = {
        ascending_triangle: [flat, rising, true],
        descending_triangle: [falling, flat, true],
        symmetric_triangle: [falling, rising, true],
        rising_wedge: [rising, rising, true],
        falling_wedge: [falling, falling, true],
        channel_up: [rising, rising, false],
        channel_down: [falling, falling, false],
        channel_horizontal: [flat, flat, false],
      };
      const [upOk, loOk, converging] = expected[p.type]!;
      expect(upOk(up) && loOk(lo)).toBe(true);
      if (converging) expect(gap1 / gap0).toBeLessThanOrEqual(P.convergingMaxRatio + EPS);
      else expect(Math.abs(gap1 / gap0 - 1)).toBeLessThanOrEqual(P.parallelMaxDeviation + EPS);
    }
  }
  expect(p.target).toBeCloseTo(p.breakout.level + s * p.height, 9);
}

function checkEvents(p: ChartPattern, bars: Bars): void {
  const s = p.bias === 'bullish' ? 1 : -1;
  let failLevel = Number.NaN;
  for (const e of p.events) {
    const close = bars.close[e.bar]!;
    if (e.reason === 'breakout') {
      expect(s * (close - lineAt(p.breakout, e.bar))).toBeGreaterThan(0);
      failLevel = lineAt(p.invalidation, e.bar);
    }
    if (e.reason === 'opposite_break') expect(s * (close - lineAt(p.invalidation, e.bar))).toBeLessThan(0);
    if (e.reason === 'expired') expect(e.bar).toBe(p.expiresAt);
    if (e.reason === 'failed') expect(s * (close - failLevel)).toBeLessThan(0);
    if (e.reason === 'target')
      expect(s * ((s > 0 ? bars.high[e.bar]! : bars.low[e.bar]!) - p.target)).toBeGreaterThanOrEqual(0);
  }
}

function checkPoints(p: ChartPattern, result: ChartPatternResult, bars: Bars): void {
  const source = p.type === 'flag' || p.type === 'pennant' ? result.flagSwings : result.swings;
  for (let k = 0; k < p.points.length; k++) {
    const q = p.points[k]!;
    const swing = source[q.pivot]!;
    expect([swing.index, swing.price, swing.knownAt]).toEqual([q.index, q.price, q.knownAt]);
    expect(q.price).toBe(swing.kind === 'high' ? bars.high[q.index] : bars.low[q.index]);
    expect(q.knownAt).toBeGreaterThan(q.index);
    expect(q.knownAt).toBeLessThanOrEqual(p.detectedAt);
    if (k > 0) {
      expect(q.index).toBeGreaterThan(p.points[k - 1]!.index);
      expect(q.pivot).toBe(p.points[k - 1]!.pivot + 1);
    }
  }
  expect(Math.max(...p.points.map((q) => q.knownAt))).toBe(p.detectedAt);
}

describe.each(TICKERS)('chart patterns on %s daily bars', (ticker) => {
  it('are all consistent with their definitions, points and lifecycle rules', () => {
    const bars = tickerBars(ticker);
    const result = detectChartPatterns(bars);
    const atr = talibAtr(bars, P.atrPeriod);
    expect(result.patterns.length).toBeGreaterThan(20);
    const byType: Record<string, number> = {};
    for (const p of result.patterns) {
      byType[p.type] = (byType[p.type] ?? 0) + 1;
      checkPoints(p, result, bars);
      checkDefinition(p, atr[p.detectedAt]!);
      checkEvents(p, bars);
    }
    counts[ticker] = byType;
  });
});

afterAll(() => {
  const types = [...new Set(Object.values(counts).flatMap((c) => Object.keys(c)))].sort();
  // 16 pattern types exist; a healthy engine finds nearly all of them in 5 × 16 years of daily data.
  expect(types.length).toBeGreaterThanOrEqual(14);
  expect(CHART_PATTERN_TYPES).toEqual(expect.arrayContaining(types));
  const rows = types.map(
    (t) => `${t.padEnd(28)}${TICKERS.map((k) => String(counts[k]?.[t] ?? 0).padStart(6)).join('')}`,
  );
  process.stdout.write(
    `\n${'pattern'.padEnd(28)}${TICKERS.map((k) => k.padStart(6)).join('')}\n${rows.join('\n')}\n`,
  );
});
