import { num, pct } from '../../format';
import type { PanelProps } from '../panel-props';
import { need, type RiskMetric, type RiskSection } from '../report-sections';

/** A metric in its unit: returns and losses as percentages, ratios with two decimals, periods whole. */
function formatted(m: RiskMetric): string {
  if (m.value === null) return '—';
  switch (m.unit) {
    case 'decimal':
    case 'fraction':
      return pct(m.value, 2);
    case 'periods':
      return `${num(m.value, 0)} sessions`;
    default:
      return num(m.value, 2);
  }
}

/** A year of risk metrics, with the reason for each that could not be computed. */
export function RiskPanel({ section }: PanelProps) {
  const s = section as RiskSection;
  const benchmark = (s.parameters?.benchmark as string | null | undefined) ?? null;
  // Why this benchmark (ADR 0081): the operator's setting, SPY with bars, the market's index, or none.
  const why = (s.parameters?.benchmark_choice as { detail?: string } | undefined)?.detail;
  return (
    <table className="inner" data-testid="risk-table">
      <caption>
        {num(s.observations, 0)} daily returns;{' '}
        {benchmark === null ? 'no benchmark' : `benchmark ${benchmark}`}
        {why === undefined ? '' : ` (${why})`}; risk-free rate 0.
      </caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col" className="num">
            Value
          </th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {need(s.metrics, 'metrics').map((m) => (
          <tr key={m.code}>
            <th scope="row">{m.name}</th>
            <td className={`num ${m.value !== null && m.unit !== 'ratio' && m.value < 0 ? 'down' : ''}`}>
              {formatted(m)}
            </td>
            <td className="muted">{m.reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
