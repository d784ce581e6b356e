import { num } from '../format';

interface Interval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** One group of the record's edge section (what /api/v1/cards/performance serves under `edge`). */
export interface EdgeGroup {
  key: string;
  filled: number;
  average_r_net: number | null;
  edge_vs_null: Interval | null;
  edge_vs_same_ticker_null: Interval | null;
  drift_adjusted_edge: Interval | null;
  edge_p_holm?: number | null;
  edge_kind: 'timing' | 'selection' | 'none' | null;
}

export interface RecordEdgeData {
  overall: EdgeGroup;
  by_setup: EdgeGroup[];
  groups_tested: number;
}

const interval = (i: Interval | null) =>
  i === null ? '—' : `${num(i.mean, 3)} [${num(i.low, 3)}, ${num(i.high, 3)}]`;

/**
 * The record's figures beside its nulls (issue #48, ADR 0089/0099): net R, the edge over matched random
 * cards on other tickers (cross-ticker null), over the same ticker at random later times (same-ticker null),
 * the edge left once each ticker's own drift is taken out, the Holm-adjusted p and the kind of edge.
 */
export function RecordEdge({ edge }: { edge: RecordEdgeData }) {
  const rows = [edge.overall, ...edge.by_setup];
  return (
    <div className="table-scroll">
      <table data-testid="record-edge">
        <caption>
          Against chance: each edge a mean R with its 95 % interval; Holm p over {num(edge.groups_tested, 0)}{' '}
          groups tested
        </caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col" className="num">
              Net R
            </th>
            <th scope="col" className="num">
              Edge vs cross-ticker null
            </th>
            <th scope="col" className="num">
              Edge vs same-ticker null
            </th>
            <th scope="col" className="num">
              Drift-adjusted edge
            </th>
            <th scope="col" className="num">
              Holm p
            </th>
            <th scope="col">Edge kind</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => (
            <tr key={g.key}>
              <th scope="row">{g.key === 'all' ? 'All cards' : g.key.replaceAll('_', ' ')}</th>
              <td className="num">{num(g.average_r_net, 3)}</td>
              <td className="num">{interval(g.edge_vs_null)}</td>
              <td className="num">{interval(g.edge_vs_same_ticker_null)}</td>
              <td className="num">{interval(g.drift_adjusted_edge)}</td>
              <td className="num">{num(g.edge_p_holm, 3)}</td>
              <td>{g.edge_kind ?? 'not measured'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
