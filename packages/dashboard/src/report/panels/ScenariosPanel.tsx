import { num, pct } from '../../format';
import type { PanelProps } from '../panel-props';
import { need, type ScenariosSection } from '../report-sections';

const QUANTILES = ['p5', 'p25', 'p50', 'p75', 'p95'] as const;
const W = 320;
const H = 18;

/** The 5–95 % and 25–75 % ranges of one horizon as a bar on a scale shared by all horizons, the last close marked. */
function RangeBar({ q, lo, hi, last }: { q: Record<string, number>; lo: number; hi: number; last: number }) {
  const x = (v: number) => ((v - lo) / (hi - lo)) * W;
  const [p5, p25, p50, p75, p95] = QUANTILES.map((k) => q[k] ?? Number.NaN) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" className="range-bar">
      <rect x={x(p5)} width={Math.max(1, x(p95) - x(p5))} y={6} height={6} className="range-outer" />
      <rect x={x(p25)} width={Math.max(1, x(p75) - x(p25))} y={3} height={12} className="range-inner" />
      <line x1={x(p50)} x2={x(p50)} y1={1} y2={17} className="range-median" />
      <line x1={x(last)} x2={x(last)} y1={0} y2={18} className="range-last" />
    </svg>
  );
}

/** Bootstrap price ranges per horizon: quantiles in a table, and the ranges drawn against the last close. */
export function ScenariosPanel({ section }: PanelProps) {
  const s = section as ScenariosSection;
  const horizons = need(s.horizons, 'horizons');
  const all = horizons.flatMap((h) => [h.quantiles.p5 ?? s.last_close, h.quantiles.p95 ?? s.last_close]);
  const lo = Math.min(s.last_close, ...all);
  const hi = Math.max(s.last_close, ...all);
  return (
    <table className="inner" data-testid="scenario-table">
      <caption>
        Last close {num(s.last_close)}. Bars: 5–95 % (thin) and 25–75 % (thick) of the paths, median and last
        close marked.
      </caption>
      <thead>
        <tr>
          <th scope="col">Horizon</th>
          {QUANTILES.map((k) => (
            <th key={k} scope="col" className="num">
              {k.slice(1)} %
            </th>
          ))}
          <th scope="col" className="num">
            Above last close
          </th>
          <th scope="col">Range</th>
        </tr>
      </thead>
      <tbody>
        {horizons.map((h) => (
          <tr key={h.bars}>
            <th scope="row">{h.bars} sessions</th>
            {QUANTILES.map((k) => (
              <td key={k} className="num">
                {num(h.quantiles[k])}
              </td>
            ))}
            <td className="num">{pct(h.probability_above_last, 0)}</td>
            <td>{hi > lo && <RangeBar q={h.quantiles} lo={lo} hi={hi} last={s.last_close} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
