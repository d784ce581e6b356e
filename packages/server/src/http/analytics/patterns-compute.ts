import {
  CANDLESTICK_PATTERNS,
  type ChartPattern,
  candleDirection,
  chartPatternsAsOf,
  detectChartPatterns,
  type IndicatorMeta,
} from '@bellwether/analytics';
import { nearestLevels } from '../../analysis/report/sections/levels.js';
import { atIncrement } from '../../market/reference/price-increment.js';
import type { DailySeries } from '../../market/store/types.js';

export const PATTERN_SECTIONS = ['candlesticks', 'chart', 'levels'] as const;
export type PatternSection = (typeof PATTERN_SECTIONS)[number];
/** Candlestick patterns by code, with or without the `cdl` prefix. */
export const CANDLE_CODES: ReadonlyMap<string, IndicatorMeta> = new Map(
  CANDLESTICK_PATTERNS.flatMap((m) => [[m.code, m] as const, [m.code.replace(/^cdl/, ''), m] as const]),
);

/** One ticker's window and what to look for in it (structured-clonable: patterns travel by code). */
export interface PatternsComputeInput {
  readonly series: DailySeries;
  /** The window: bars `start` to `end` − 1 (earlier bars are warm-up). */
  readonly start: number;
  readonly end: number;
  readonly include: readonly PatternSection[];
  readonly candleCodes: readonly string[];
  readonly minConfidence: number;
  readonly perSide: number;
}

interface Window {
  readonly start: number;
  readonly end: number;
}

/**
 * The candlesticks, chart patterns and support/resistance levels of one ticker's window, as the
 * patterns endpoint sends them. Pure; the endpoint runs it on a worker thread (compute-pool.ts).
 */
export function computePatterns(x: PatternsComputeInput) {
  const s = x.series;
  const w = { start: x.start, end: x.end };
  const metas = x.candleCodes.map((c) => CANDLE_CODES.get(c) as IndicatorMeta);
  return {
    ...(x.include.includes('candlesticks')
      ? { candlesticks: candlesticksIn(w, s, metas, x.minConfidence) }
      : {}),
    ...(x.include.includes('chart') ? { chart_patterns: chartPatternsIn(w, s) } : {}),
    ...(x.include.includes('levels') ? { levels: nearestLevels(s, w.end - 1, x.perSide) } : {}),
  };
}

function candlesticksIn(w: Window, s: DailySeries, metas: readonly IndicatorMeta[], minConfidence: number) {
  const out: {
    date: string;
    code: string;
    name: string;
    signal: number;
    confidence: number;
    direction: string;
  }[] = [];
  for (const meta of metas) {
    const defaults = Object.fromEntries(meta.params.map((x) => [x.name, x.default]));
    const r = meta.compute(s, defaults);
    const signal = r.signal as Float64Array;
    const confidence = r.confidence as Float64Array;
    for (let i = w.start; i < w.end; i++) {
      const v = signal[i] as number;
      const c = confidence[i] as number;
      if (v === 0 || !Number.isFinite(v) || c < minConfidence) continue;
      out.push({
        date: s.dates[i] as string,
        code: meta.code,
        name: meta.name,
        signal: v,
        confidence: c,
        direction: candleDirection(meta.code, v),
      });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.code.localeCompare(b.code)));
}

function chartPatternsIn(w: Window, s: DailySeries) {
  const last = w.end - 1;
  const date = (bar: number) => s.dates[bar] ?? null;
  // The line's level at the last bar is a price; its slope (per bar) keeps full precision.
  const line = (l: ChartPattern['breakout']) => ({
    level: atIncrement(l.level + l.slope * (last - l.at)),
    slope: l.slope,
  });
  return chartPatternsAsOf(detectChartPatterns(s), last)
    .patterns.filter((x) => x.detectedAt >= w.start)
    .map((x) => ({
      type: x.type,
      bias: x.bias,
      state: x.state,
      detected_on: date(x.detectedAt),
      expires_on: x.expiresAt <= last ? date(x.expiresAt) : null,
      expires_in_bars: Math.max(0, x.expiresAt - last),
      height: atIncrement(x.height, x.target),
      target: atIncrement(x.target),
      breakout: line(x.breakout),
      invalidation: line(x.invalidation),
      points: x.points.map((pt) => ({ role: pt.role, date: date(pt.index), price: atIncrement(pt.price) })),
      events: x.events.map((e) => ({ state: e.state, reason: e.reason, date: date(e.bar) })),
    }))
    .reverse();
}
