import type { PanelProps } from '../panel-props';
import { need, type VerdictSection } from '../report-sections';

const VOTE = { '1': '▲ up', '0': '◆ none', '-1': '▼ down' } as const;

/** The readings that voted for the verdict, each with the number behind it. */
export function VerdictPanel({ section }: PanelProps) {
  const s = section as VerdictSection;
  return (
    <table className="inner" data-testid="verdict-votes">
      <caption>
        Score {s.score > 0 ? `+${s.score}` : s.score}: {s.verdict} when the score is at least ±2
      </caption>
      <thead>
        <tr>
          <th scope="col">Reading</th>
          <th scope="col">Vote</th>
          <th scope="col">Because</th>
        </tr>
      </thead>
      <tbody>
        {need(s.votes, 'votes').map((v) => (
          <tr key={v.factor}>
            <th scope="row">{v.factor.replaceAll('_', ' ')}</th>
            <td className={v.vote > 0 ? 'up' : v.vote < 0 ? 'down' : ''}>
              {VOTE[String(v.vote) as keyof typeof VOTE]}
            </td>
            <td>{v.because}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
