import type { Report } from '../api';
import type { ChartSection, LevelsSection, PatternsSection, SignalSection } from './report-sections';

/** Overlay groups the chart can show or hide, in the order of its switches. */
export type OverlayGroup = 'levels' | 'trade' | 'patterns' | 'averages' | 'bands' | 'volume';

/** Colour roles, resolved to the theme's CSS variables when drawn. */
export type Tone = 'up' | 'down' | 'warn' | 'accent' | 'series' | 'muted';

export interface Bar {
  readonly time: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume?: number;
}

export interface PriceLevel {
  readonly group: OverlayGroup;
  /** Short text on the price axis (`S1`, `T1`, `stop`). */
  readonly title: string;
  /** What the legend says about it. */
  readonly label: string;
  readonly price: number;
  readonly tone: Tone;
  readonly dashed: boolean;
}

export interface OverlayLine {
  readonly group: OverlayGroup;
  readonly label: string;
  readonly tone: Tone;
  readonly dotted: boolean;
  readonly points: readonly { time: string; value: number }[];
}

export interface CandleMarker {
  readonly time: string;
  readonly direction: 'bullish' | 'bearish' | 'neutral';
  readonly names: readonly string[];
}

export interface ReportOverlays {
  readonly levels: readonly PriceLevel[];
  readonly lines: readonly OverlayLine[];
  readonly markers: readonly CandleMarker[];
}

/** The report's own bars (Full's chart section), or undefined when the report carries none (Light, Medium). */
export function reportBars(report: Report): Bar[] | undefined {
  const c = report.sections.chart as ChartSection | undefined;
  const columns = [c?.dates, c?.open, c?.high, c?.low, c?.close];
  if (c === undefined || !columns.every(Array.isArray)) return undefined;
  const volume = Array.isArray(c.volume) ? c.volume : [];
  const bars: Bar[] = [];
  c.dates.forEach((time, i) => {
    const [open, high, low, close] = [c.open[i], c.high[i], c.low[i], c.close[i]];
    if (open == null || high == null || low == null || close == null) return;
    const v = volume[i];
    bars.push({ time, open, high, low, close, ...(v == null ? {} : { volume: v }) });
  });
  return bars;
}

/** Overlay series of the chart section: 50/200-day averages and Bollinger bands. */
const LINES: Readonly<Record<string, Omit<OverlayLine, 'points'>>> = {
  sma_50: { group: 'averages', label: '50-day average', tone: 'accent', dotted: false },
  sma_200: { group: 'averages', label: '200-day average', tone: 'series', dotted: false },
  bb_upper: { group: 'bands', label: 'Bollinger upper band (20, 2)', tone: 'muted', dotted: true },
  bb_middle: { group: 'bands', label: 'Bollinger middle band (20-day average)', tone: 'muted', dotted: true },
  bb_lower: { group: 'bands', label: 'Bollinger lower band (20, 2)', tone: 'muted', dotted: true },
};

/**
 * What the chart draws over the candles, from the report alone: support and resistance (levels), the
 * first triggered setup's entry zone, targets and stop (signal), the targets of chart patterns still
 * forming or confirmed and the recent candlestick signals (patterns), and the moving averages and
 * Bollinger bands of Full's chart section. Sections that are absent or shaped otherwise add nothing.
 */
export function reportOverlays(report: Report): ReportOverlays {
  const levels: PriceLevel[] = [];
  const lv = report.sections.levels as LevelsSection | undefined;
  const fmt = (v: number) => v.toFixed(2);
  (Array.isArray(lv?.support) ? lv.support : []).forEach((l, i) => {
    levels.push({
      group: 'levels',
      title: `S${i + 1}`,
      label: `Support S${i + 1} at ${fmt(l.price)} (${l.touches} touches)`,
      price: l.price,
      tone: 'up',
      dashed: true,
    });
  });
  (Array.isArray(lv?.resistance) ? lv.resistance : []).forEach((l, i) => {
    levels.push({
      group: 'levels',
      title: `R${i + 1}`,
      label: `Resistance R${i + 1} at ${fmt(l.price)} (${l.touches} touches)`,
      price: l.price,
      tone: 'down',
      dashed: true,
    });
  });
  const setup = (report.sections.signal as SignalSection | undefined)?.setups?.[0];
  if (setup !== undefined) {
    const name = setup.setup.replaceAll('_', ' ');
    const trade = (title: string, label: string, price: number, tone: Tone, dashed = false) =>
      levels.push({
        group: 'trade',
        title,
        label: `${label} of the ${name} ${setup.direction} setup at ${fmt(price)}`,
        price,
        tone,
        dashed,
      });
    trade('entry', 'Entry zone low', setup.entry_zone.low, 'warn', true);
    trade('entry', 'Entry zone high', setup.entry_zone.high, 'warn', true);
    trade('T1', 'First target', setup.t1, 'up');
    trade('T2', 'Second target', setup.t2, 'up');
    trade('stop', 'Stop', setup.stop, 'down');
  }
  const patterns = report.sections.patterns as PatternsSection | undefined;
  for (const p of Array.isArray(patterns?.chart_patterns) ? patterns.chart_patterns : []) {
    if ((p.state !== 'forming' && p.state !== 'confirmed') || p.target === null) continue;
    const name = p.type.replaceAll('_', ' ');
    levels.push({
      group: 'patterns',
      title: `${name} target`,
      label: `Target of the ${p.state} ${name} (${p.bias}, detected ${p.detected_on}) at ${fmt(p.target)}`,
      price: p.target,
      tone: p.bias === 'bullish' ? 'up' : p.bias === 'bearish' ? 'down' : 'muted',
      dashed: true,
    });
  }
  const byDay = new Map<string, { bullish: string[]; bearish: string[]; neutral: string[] }>();
  for (const c of Array.isArray(patterns?.candlesticks) ? patterns.candlesticks : []) {
    const day = byDay.get(c.date) ?? { bullish: [], bearish: [], neutral: [] };
    // Reports before 1.3.0 called the indecision candles' direction "indecision".
    day[c.direction === 'indecision' ? 'neutral' : c.direction]?.push(c.name);
    byDay.set(c.date, day);
  }
  const markers: CandleMarker[] = [];
  for (const [time, day] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)))
    for (const direction of ['bullish', 'bearish', 'neutral'] as const)
      if (day[direction].length > 0) markers.push({ time, direction, names: day[direction] });
  const lines: OverlayLine[] = [];
  const chart = report.sections.chart as ChartSection | undefined;
  if (chart !== undefined && Array.isArray(chart.dates) && chart.overlays !== undefined)
    for (const [key, values] of Object.entries(chart.overlays)) {
      const meta = LINES[key] ?? {
        group: 'averages',
        label: key.replaceAll('_', ' '),
        tone: 'muted',
        dotted: false,
      };
      const points = chart.dates.flatMap((time, i) => {
        const value = values[i];
        return value == null ? [] : [{ time, value }];
      });
      if (points.length > 0) lines.push({ ...meta, points });
    }
  return { levels, lines, markers };
}
