import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineStyle,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, call, type Report } from '../api';
import { cssVar } from '../chart/css-var';
import { drawPriceLevels } from '../chart/level-labels';
import { tickLabel } from '../chart/time-ticks';
import { useTheme } from '../useTheme';
import { type Bar, type OverlayGroup, reportBars, reportOverlays, type Tone } from './report-overlays';
import type { ChartSection } from './report-sections';

const GROUPS: readonly { group: OverlayGroup; label: string }[] = [
  { group: 'levels', label: 'Support and resistance' },
  { group: 'trade', label: 'Entry, targets and stop' },
  { group: 'patterns', label: 'Patterns' },
  { group: 'averages', label: 'Moving averages' },
  { group: 'bands', label: 'Bollinger bands' },
  { group: 'volume', label: 'Volume' },
];

const ADJUSTED: Readonly<Record<string, string>> = {
  raw: 'unadjusted',
  split: 'adjusted for splits',
  split_div: 'adjusted for splits and dividends',
};

const TONE_VAR: Readonly<Record<Tone, string>> = {
  up: '--up',
  down: '--down',
  warn: '--warn',
  accent: '--accent',
  series: '--series',
  muted: '--muted',
};

/**
 * The report's price chart: candles with its levels (support/resistance, entry/targets/stop, live
 * pattern targets) as price lines labelled on their lines, candlestick signals as markers, and the averages and bands Full's
 * chart section carries. Light and Medium carry no bars, so theirs are read for the report's ticker,
 * adjustment and as-of. Each overlay group has a switch; the legend says in words what is drawn.
 */
export function ReportChart({ report }: { report: Report }) {
  const own = useMemo(() => reportBars(report), [report]);
  const overlays = useMemo(() => reportOverlays(report), [report]);
  const [bars, setBars] = useState<Bar[] | undefined>(own);
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<OverlayGroup>>(new Set());
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setBars(own);
    setError(null);
    if (own !== undefined) return;
    let live = true;
    const query = `adjustment=${encodeURIComponent(String(report.adjustment))}&as_of=${encodeURIComponent(report.as_of)}`;
    call<{ bars: Bar[] }>('GET', `/bars/${encodeURIComponent(report.ticker)}?${query}`)
      .then((r) => {
        if (live) setBars(r.bars.filter((b) => b.time <= report.data_through));
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof ApiError ? e.problem.detail : String(e));
      });
    return () => {
      live = false;
    };
  }, [own, report]);

  const present = GROUPS.filter(
    ({ group }) =>
      overlays.levels.some((l) => l.group === group) ||
      overlays.lines.some((l) => l.group === group) ||
      (group === 'patterns' && overlays.markers.length > 0) ||
      (group === 'volume' && bars?.some((b) => b.volume !== undefined) === true),
  );
  const shows = (g: OverlayGroup) => !hidden.has(g);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws in the new colours (read from CSS variables)
  useEffect(() => {
    const el = box.current;
    if (el === null || bars === undefined || bars.length === 0) return;
    const color = (t: Tone) => cssVar(TONE_VAR[t]);
    const shows = (g: OverlayGroup) => !hidden.has(g);
    const chart = createChart(el, {
      height: 380,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--text') },
      grid: { vertLines: { visible: false }, horzLines: { color: cssVar('--line') } },
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.22 } },
      timeScale: { tickMarkFormatter: tickLabel },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: color('up'),
      downColor: color('down'),
      wickUpColor: color('up'),
      wickDownColor: color('down'),
      borderVisible: false,
    });
    candles.setData(bars.map(({ time, open, high, low, close }) => ({ time, open, high, low, close })));
    if (shows('volume')) {
      const volume = chart.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        color: `${color('muted')}66`,
        lastValueVisible: false,
        priceLineVisible: false,
      });
      chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
      volume.setData(
        bars.flatMap((b) => (b.volume === undefined ? [] : [{ time: b.time, value: b.volume }])),
      );
    }
    for (const line of overlays.lines) {
      if (!shows(line.group)) continue;
      const first = bars[0]?.time ?? '';
      const series = chart.addSeries(LineSeries, {
        color: color(line.tone),
        lineWidth: line.dotted ? 1 : 2,
        lineStyle: line.dotted ? LineStyle.Dotted : LineStyle.Solid,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        title: '',
      });
      series.setData(line.points.filter((p) => p.time >= first));
    }
    const removeLabels = drawPriceLevels(
      candles,
      el,
      overlays.levels
        .filter((l) => shows(l.group))
        .map((l) => ({ price: l.price, title: l.title, color: color(l.tone), dashed: l.dashed })),
    );
    if (shows('patterns')) {
      const dates = new Set(bars.map((b) => b.time));
      createSeriesMarkers(
        candles,
        overlays.markers
          .filter((m) => dates.has(m.time))
          .map((m) => ({
            time: m.time,
            position: m.direction === 'bearish' ? ('aboveBar' as const) : ('belowBar' as const),
            shape:
              m.direction === 'bullish'
                ? ('arrowUp' as const)
                : m.direction === 'bearish'
                  ? ('arrowDown' as const)
                  : ('circle' as const),
            color: color(m.direction === 'bullish' ? 'up' : m.direction === 'bearish' ? 'down' : 'warn'),
          })),
      );
    }
    chart.timeScale().fitContent();
    return () => {
      removeLabels();
      chart.remove();
    };
  }, [bars, overlays, hidden, theme]);

  const narrative =
    typeof (report.sections.chart as ChartSection | undefined)?.narrative === 'string'
      ? (report.sections.chart as ChartSection).narrative
      : `${bars?.length ?? 'The'} sessions to ${report.data_through}, ${ADJUSTED[String(report.adjustment)] ?? String(report.adjustment)}, as the report saw them.`;
  return (
    <section className="card" aria-labelledby="report-chart-title" data-testid="report-chart">
      <h2 id="report-chart-title">Price chart</h2>
      <p>{narrative}</p>
      {present.length > 0 && (
        <fieldset className="row toggles">
          <legend>Show on the chart</legend>
          {present.map(({ group, label }) => (
            <label key={group}>
              <input
                type="checkbox"
                checked={shows(group)}
                onChange={(e) => {
                  const next = new Set(hidden);
                  if (e.target.checked) next.delete(group);
                  else next.add(group);
                  setHidden(next);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {error !== null ? (
        <p role="alert" className="error">
          The bars could not be read: {error}
        </p>
      ) : bars === undefined ? (
        <p>Loading bars…</p>
      ) : (
        <div ref={box} className="chart report-chart" data-testid="report-chart-canvas" />
      )}
      <ul className="chart-legend" data-testid="chart-legend" aria-label="Drawn on the chart">
        {overlays.levels
          .filter((l) => shows(l.group))
          .map((l) => (
            <li key={`${l.group}-${l.label}`}>
              <span className={`swatch line tone-${l.tone}${l.dashed ? ' dashed' : ''}`} aria-hidden="true" />{' '}
              {l.label}
            </li>
          ))}
        {overlays.lines
          .filter((l) => shows(l.group))
          .map((l) => (
            <li key={l.label}>
              <span className={`swatch line tone-${l.tone}${l.dotted ? ' dotted' : ''}`} aria-hidden="true" />{' '}
              {l.label}
            </li>
          ))}
        {shows('patterns') && overlays.markers.length > 0 && (
          <li>
            <span aria-hidden="true">▲▼●</span> Candlestick signals on{' '}
            {[...new Set(overlays.markers.map((m) => m.time))].join(', ')} (up: bullish, down: bearish, dot:
            neutral)
          </li>
        )}
      </ul>
    </section>
  );
}
