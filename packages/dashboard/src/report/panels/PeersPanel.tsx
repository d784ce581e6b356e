import { num } from '../../format';
import { Change } from '../Change';
import type { PanelProps } from '../panel-props';
import { need, type PeerRow, type PeersSection } from '../report-sections';

/** The ticker against its sector: returns over a month, a quarter and a year, and the year's correlation. */
export function PeersPanel({ section }: PanelProps) {
  const s = section as PeersSection;
  const rows: (PeerRow & { self?: boolean })[] = [
    { ...need(s.self, 'self'), self: true },
    ...need(s.peers, 'peers'),
  ];
  return (
    <table className="inner" data-testid="peers-table">
      <caption>
        {s.rank_1y === null
          ? 'No one-year rank.'
          : `Ranks ${s.rank_1y} of ${rows.filter((r) => r.change.y1 !== null).length} over one year.`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Ticker</th>
          <th scope="col" className="num">
            1 month
          </th>
          <th scope="col" className="num">
            3 months
          </th>
          <th scope="col" className="num">
            1 year
          </th>
          <th scope="col" className="num">
            Correlation, 1 year
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.ticker} className={r.self ? 'selected' : ''}>
            <th scope="row">{r.ticker}</th>
            <td className="num">
              <Change v={r.change.m1} />
            </td>
            <td className="num">
              <Change v={r.change.m3} />
            </td>
            <td className="num">
              <Change v={r.change.y1} />
            </td>
            <td className="num">{num(r.correlation_1y, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
