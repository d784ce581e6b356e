import type { NumberParamSpec } from '../../registry/types.js';

/** Every threshold of the chart-pattern engine, in ATR multiples, bars or ratios. */
export interface ChartPatternParams {
  readonly atrPeriod: number;
  readonly swingThresholdAtr: number;
  readonly flagSwingThresholdAtr: number;
  readonly equalToleranceAtr: number;
  readonly minHeightAtr: number;
  readonly minPatternBars: number;
  readonly maxPatternBars: number;
  readonly headMinAtr: number;
  readonly shoulderToleranceAtr: number;
  readonly necklineToleranceAtr: number;
  readonly trendlinePivots: number;
  readonly lineToleranceAtr: number;
  readonly flatToleranceAtr: number;
  readonly convergingMaxRatio: number;
  readonly parallelMaxDeviation: number;
  readonly maxBreakoutBars: number;
  readonly maxTargetBars: number;
  readonly poleMinAtr: number;
  readonly poleMaxBars: number;
  readonly flagMaxRetrace: number;
  readonly flagMaxBars: number;
  readonly flagBreakoutBars: number;
}

export type ChartPatternOptions = Partial<ChartPatternParams>;

type Spec = NumberParamSpec & { readonly name: keyof ChartPatternParams };

const int = (
  name: keyof ChartPatternParams,
  d: number,
  min: number,
  max: number,
  description: string,
): Spec => ({
  name,
  type: 'int',
  default: d,
  min,
  max,
  description,
});
const float = (
  name: keyof ChartPatternParams,
  d: number,
  min: number,
  max: number,
  description: string,
): Spec => ({ name, type: 'float', default: d, min, max, description });

/** Parameter specs (defaults and inclusive ranges) — the single source for validation and docs. */
export const CHART_PATTERN_PARAMS: readonly Spec[] = [
  int(
    'atrPeriod',
    14,
    1,
    1000,
    'Wilder ATR period; every *Atr threshold is a multiple of ATR (at the detection bar for patterns, at the current bar for the zig-zag).',
  ),
  float('swingThresholdAtr', 2, 0.1, 50, 'Zig-zag reversal (in ATR) that confirms a primary swing point.'),
  float(
    'flagSwingThresholdAtr',
    1,
    0.1,
    50,
    'Zig-zag reversal (in ATR) for the finer swings of flags/pennants.',
  ),
  float(
    'equalToleranceAtr',
    0.75,
    0,
    20,
    'Double/triple tops (bottoms) are "equal" if they span at most this.',
  ),
  float(
    'minHeightAtr',
    2,
    0,
    100,
    'Minimum pattern height (peak to neckline, or opening width of trendlines).',
  ),
  int('minPatternBars', 10, 2, 100_000, 'Minimum bars from the first to the last defining point.'),
  int('maxPatternBars', 250, 2, 100_000, 'Maximum bars from the first to the last defining point.'),
  float('headMinAtr', 0.5, 0, 20, 'Head must exceed the higher (lower) shoulder by at least this.'),
  float('shoulderToleranceAtr', 1, 0, 20, 'Maximum difference between the two shoulders.'),
  float('necklineToleranceAtr', 1, 0, 20, 'Maximum difference between the two neckline points.'),
  int(
    'trendlinePivots',
    5,
    4,
    12,
    'Swing points fitted by triangles, wedges and channels (both lines get ≥ 2).',
  ),
  float(
    'lineToleranceAtr',
    0.5,
    0,
    20,
    'Maximum distance of a swing point from its least-squares boundary line.',
  ),
  float('flatToleranceAtr', 1, 0, 20, 'A line is flat if it moves less than this over the pattern width.'),
  float('convergingMaxRatio', 0.8, 0, 1, 'Lines converge if end gap / start gap is at most this.'),
  float(
    'parallelMaxDeviation',
    0.2,
    0,
    1,
    'Lines are parallel if |end gap / start gap − 1| is at most this.',
  ),
  int('maxBreakoutBars', 60, 1, 100_000, 'A forming pattern expires this many bars after detection.'),
  int(
    'maxTargetBars',
    120,
    1,
    100_000,
    'Tracking of a confirmed pattern stops this many bars after the breakout.',
  ),
  float('poleMinAtr', 4, 0, 100, 'Minimum flag-pole length.'),
  int('poleMaxBars', 20, 1, 100_000, 'Maximum flag-pole duration.'),
  float('flagMaxRetrace', 0.5, 0, 1, 'Flag consolidation may retrace at most this fraction of the pole.'),
  int('flagMaxBars', 30, 2, 100_000, 'Maximum bars from the pole end to the last flag point.'),
  int(
    'flagBreakoutBars',
    20,
    1,
    100_000,
    'A forming flag or pennant expires this many bars after detection.',
  ),
];

/** Default parameters. */
export const CHART_PATTERN_DEFAULTS: ChartPatternParams = Object.freeze(
  Object.fromEntries(CHART_PATTERN_PARAMS.map((s) => [s.name, s.default])) as unknown as ChartPatternParams,
);

/** Merges options over the defaults and checks every value against its spec (throws RangeError). */
export function resolveChartPatternOptions(options: ChartPatternOptions = {}): ChartPatternParams {
  const p: ChartPatternParams = { ...CHART_PATTERN_DEFAULTS, ...options };
  for (const s of CHART_PATTERN_PARAMS) {
    const v = p[s.name];
    if (typeof v !== 'number' || Number.isNaN(v) || v < s.min || v > s.max) {
      throw new RangeError(
        `chart pattern option ${s.name} must be in [${s.min}, ${s.max}], got ${String(v)}`,
      );
    }
    if (s.type === 'int' && !Number.isInteger(v)) {
      throw new RangeError(`chart pattern option ${s.name} must be an integer, got ${v}`);
    }
  }
  if (p.minPatternBars > p.maxPatternBars)
    throw new RangeError('minPatternBars must not exceed maxPatternBars');
  return p;
}
