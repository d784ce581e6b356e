import { num } from '../../format';
import { Change } from '../Change';
import type { PanelProps } from '../panel-props';
import { type Level, type LevelsSection, need } from '../report-sections';

function LevelTable({ caption, levels, side }: { caption: string; levels: Level[]; side: 'S' | 'R' }) {
  if (levels.length === 0) return <p className="muted">{caption}: none known from recent swings.</p>;
  return (
    <table className="inner" data-testid={side === 'S' ? 'support-levels' : 'resistance-levels'}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Zone
          </th>
          <th scope="col" className="num">
            From close
          </th>
          <th scope="col" className="num">
            Touches
          </th>
          <th scope="col" className="num">
            Strength
          </th>
          <th scope="col">First and last touch</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((l, i) => (
          <tr key={l.price}>
            <th scope="row">{`${side}${i + 1}`}</th>
            <td className="num">{num(l.price)}</td>
            <td className="num">
              {num(l.low)}–{num(l.high)}
            </td>
            <td className="num">
              <Change v={l.distance_pct} />
            </td>
            <td className="num">{num(l.touches, 0)}</td>
            <td className="num">{num(l.strength, 2)}</td>
            <td>
              {l.first_touch} → {l.last_touch}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Support below and resistance above the close (S1/R1 nearest), as drawn on the chart. */
export function LevelsPanel({ section }: PanelProps) {
  const s = section as LevelsSection;
  return (
    <>
      <p className="muted">
        Close {num(s.close)}; levels within {num(s.tolerance)} of each other are one zone.
      </p>
      <div className="panel-row">
        <LevelTable caption="Resistance" levels={need(s.resistance, 'resistance')} side="R" />
        <LevelTable caption="Support" levels={need(s.support, 'support')} side="S" />
      </div>
    </>
  );
}
