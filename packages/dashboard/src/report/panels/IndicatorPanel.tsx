import { num } from '../../format';
import { Gauge, type GaugeProps } from '../Gauge';
import { indicatorReading } from '../indicator-reading';
import type { PanelProps } from '../panel-props';
import { type IndicatorRow, type IndicatorsSection, need, type SnapshotSection } from '../report-sections';

/** Oscillators drawn on their scales: catalogue code, the output drawn, and its scale and zones. */
const GAUGES: Readonly<
  Record<string, Omit<GaugeProps, 'label' | 'value' | 'previous'> & { output: string }>
> = {
  rsi: { output: 'rsi', min: 0, max: 100, low: 30, high: 70, lowLabel: 'oversold', highLabel: 'overbought' },
  stoch: {
    output: 'slowk',
    min: 0,
    max: 100,
    low: 20,
    high: 80,
    lowLabel: 'oversold',
    highLabel: 'overbought',
  },
  mfi: { output: 'mfi', min: 0, max: 100, low: 20, high: 80, lowLabel: 'oversold', highLabel: 'overbought' },
  willr: {
    output: 'willr',
    min: -100,
    max: 0,
    low: -80,
    high: -20,
    lowLabel: 'oversold',
    highLabel: 'overbought',
  },
  cci: {
    output: 'cci',
    min: -250,
    max: 250,
    low: -100,
    high: 100,
    lowLabel: 'oversold',
    highLabel: 'overbought',
  },
  adx: {
    output: 'adx',
    min: 0,
    max: 60,
    low: 20,
    high: 25,
    lowLabel: 'weak trend',
    highLabel: 'strong trend',
  },
};

const NAMES: Readonly<Record<string, string>> = {
  sma: 'Simple moving average',
  ema: 'Exponential moving average',
  rsi: 'Relative strength index',
  macd: 'MACD',
  bbands: 'Bollinger bands',
  stoch: 'Stochastic',
  adx: 'Average directional index',
  cci: 'Commodity channel index',
  mfi: 'Money flow index',
  willr: 'Williams %R',
  atr: 'Average true range',
  obv: 'On-balance volume',
};

/** `period 14`, `12, 26, 9`: a row's parameters as the eye reads them. */
function params(p: Record<string, unknown>): string {
  const values = Object.values(p).filter((v) => typeof v === 'number' || typeof v === 'string');
  return values.length === 0 ? 'defaults' : values.join(', ');
}

/** Large values (OBV) without decimals, prices and oscillators with two. */
const value = (v: number | null) => num(v, v !== null && Math.abs(v) >= 10_000 ? 0 : 2);

function Outputs({ values }: { values: Record<string, number | null> }) {
  const entries = Object.entries(values);
  if (entries.length === 1) return <>{value(entries[0]?.[1] ?? null)}</>;
  return (
    <>
      {entries.map(([k, v], i) => (
        <span key={k}>
          {i > 0 && ' · '}
          <span className="muted">{k}</span> {value(v)}
        </span>
      ))}
    </>
  );
}

/**
 * The indicator panel: the oscillators on gauges (now, and hollow a month ago) and every indicator in a
 * table with its value now and 21 sessions earlier and a plain reading.
 */
export function IndicatorPanel({ section, report }: PanelProps) {
  const s = section as IndicatorsSection;
  const rows: IndicatorRow[] = need(s.indicators, 'indicators');
  const close = (report.sections.snapshot as SnapshotSection | undefined)?.last_close ?? null;
  const gauges = rows.filter((r) => GAUGES[r.code] !== undefined);
  return (
    <>
      <div className="gauges" data-testid="indicator-gauges">
        {gauges.map((r) => {
          const g = GAUGES[r.code] as (typeof GAUGES)[string];
          return (
            <Gauge
              key={`${r.code}-${params(r.params)}`}
              {...g}
              label={`${NAMES[r.code] ?? r.code} (${params(r.params)})`}
              value={r.values[g.output] ?? null}
              previous={r.month_ago[g.output] ?? null}
            />
          );
        })}
      </div>
      <table className="inner" data-testid="indicator-table">
        <thead>
          <tr>
            <th scope="col">Indicator</th>
            <th scope="col">Parameters</th>
            <th scope="col" className="num">
              Now
            </th>
            <th scope="col" className="num">
              21 sessions ago
            </th>
            <th scope="col">Reading</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.code}-${params(r.params)}`}>
              <th scope="row">
                {NAMES[r.code] ?? r.code} <span className="muted">({r.code})</span>
              </th>
              <td>{params(r.params)}</td>
              <td className="num">
                <Outputs values={r.values} />
              </td>
              <td className="num">
                <Outputs values={r.month_ago} />
              </td>
              <td>{indicatorReading(r, close) || <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
