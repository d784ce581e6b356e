import { num } from '../../format';
import { Direction } from '../Direction';
import type { PanelProps } from '../panel-props';
import { need, type PatternsSection } from '../report-sections';

const words = (s: string) => s.replaceAll('_', ' ');

/** Candlestick signals of the last sessions, and chart patterns of the year with their history. */
export function PatternsPanel({ section }: PanelProps) {
  const s = section as PatternsSection;
  const candles = need(s.candlesticks, 'candlesticks');
  const chart = need(s.chart_patterns, 'chart_patterns');
  return (
    <>
      <h3>Candlestick patterns</h3>
      {candles.length === 0 ? (
        <p className="muted">No candlestick pattern in the last sessions.</p>
      ) : (
        <table className="inner" data-testid="candlestick-patterns">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Pattern</th>
              <th scope="col">Direction</th>
              <th scope="col" className="num">
                Signal
              </th>
            </tr>
          </thead>
          <tbody>
            {candles.map((c) => (
              <tr key={`${c.date}-${c.code}`}>
                <td>{c.date}</td>
                <th scope="row">{c.name}</th>
                <td>
                  <Direction value={c.direction} />
                </td>
                <td className="num">
                  {c.signal > 0 ? '+' : ''}
                  {num(c.signal, 0)}
                  {Math.abs(c.signal) >= 200 ? ' (confirmed)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Chart patterns</h3>
      {chart.length === 0 ? (
        <p className="muted">No chart pattern in the last year.</p>
      ) : (
        <table className="inner" data-testid="chart-patterns">
          <thead>
            <tr>
              <th scope="col">Pattern</th>
              <th scope="col">Bias</th>
              <th scope="col">State</th>
              <th scope="col">Detected</th>
              <th scope="col" className="num">
                Target
              </th>
              <th scope="col" className="num">
                Height
              </th>
              <th scope="col">History</th>
            </tr>
          </thead>
          <tbody>
            {chart.map((p) => (
              <tr key={`${p.type}-${p.detected_on}`} className={p.state === 'invalidated' ? 'faded' : ''}>
                <th scope="row">{words(p.type)}</th>
                <td>
                  <Direction value={p.bias} />
                </td>
                <td>{words(p.state)}</td>
                <td>{p.detected_on}</td>
                <td className="num">{num(p.target)}</td>
                <td className="num">{num(p.height)}</td>
                <td>
                  <ol className="events">
                    {p.events.map((e) => (
                      <li key={`${e.state}-${e.date}`}>
                        {e.date} {words(e.state)} <span className="muted">({words(e.reason)})</span>
                      </li>
                    ))}
                  </ol>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
