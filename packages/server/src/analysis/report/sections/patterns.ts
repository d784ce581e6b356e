import { CANDLESTICK_DEFINITIONS, candleDirection, detectChartPatterns } from '@bellwether/analytics';
import { atIncrement } from '../../../market/reference/price-increment.js';
import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { section } from './section.js';

const CANDLE_BARS = 10;
const CHART_BARS = 252;

/** Candlestick signals of the last sessions and chart patterns of the last year with their lifecycle. */
export function patternsSection(input: ReportInput) {
  const s = input.series;
  const n = s.close.length;
  const candles: { date: string; code: string; name: string; signal: number; direction: string }[] = [];
  for (const def of CANDLESTICK_DEFINITIONS) {
    const out = indicator(s, def.code);
    const sig = out.signal as Float64Array;
    for (let i = Math.max(0, n - CANDLE_BARS); i < n; i++) {
      const v = sig[i] as number;
      if (v !== 0 && Number.isFinite(v))
        candles.push({
          date: s.dates[i] as string,
          code: def.code,
          name: def.name,
          signal: v,
          direction: candleDirection(def.code, v),
        });
    }
  }
  candles.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.code.localeCompare(b.code)));
  const found = detectChartPatterns(s);
  const date = (bar: number) => s.dates[Math.min(bar, n - 1)] as string;
  const chart = found.patterns
    .filter((p) => p.detectedAt >= n - CHART_BARS)
    .map((p) => ({
      type: p.type,
      bias: p.bias,
      state: p.state,
      detected_on: date(p.detectedAt),
      target: atIncrement(p.target),
      height: atIncrement(p.height, p.target),
      events: p.events.map((e) => ({ state: e.state, reason: e.reason, date: date(e.bar) })),
    }));
  const live = chart.filter((p) => p.state === 'forming' || p.state === 'confirmed');
  const narrative =
    `${candles.length} candlestick signal${candles.length === 1 ? '' : 's'} in the last ${CANDLE_BARS} sessions` +
    `${candles[0] === undefined ? '' : ` (latest: ${candles[0].name}, ${candles[0].direction}, ${candles[0].date})`}; ` +
    `${chart.length} chart pattern${chart.length === 1 ? '' : 's'} detected in the last year, ${live.length} still forming or confirmed.`;
  return section(
    input,
    {
      candlestick_bars: CANDLE_BARS,
      chart_bars: CHART_BARS,
      candlesticks: 'TA-Lib rules',
      chart: 'swing-based',
    },
    { candlesticks: candles, chart_patterns: chart },
    narrative,
  );
}
