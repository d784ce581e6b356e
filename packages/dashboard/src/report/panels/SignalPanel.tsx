import { num } from '../../format';
import { Direction } from '../Direction';
import type { PanelProps } from '../panel-props';
import { need, type SignalSection } from '../report-sections';

/** The setups of the signal engine that trigger on the last bar, with their levels (drawn on the chart). */
export function SignalPanel({ section }: PanelProps) {
  const s = section as SignalSection;
  const setups = need(s.setups, 'setups');
  if (setups.length === 0) return <p className="muted">No setup triggers: no trade levels to draw.</p>;
  return (
    <>
      <table className="inner" data-testid="signal-setups">
        <thead>
          <tr>
            <th scope="col">Setup</th>
            <th scope="col">Direction</th>
            <th scope="col" className="num">
              Entry
            </th>
            <th scope="col" className="num">
              T1 / T2
            </th>
            <th scope="col" className="num">
              Stop
            </th>
            <th scope="col" className="num">
              Reward : risk
            </th>
            <th scope="col" className="num">
              Expires after
            </th>
          </tr>
        </thead>
        <tbody>
          {setups.map((x) => (
            <tr key={`${x.setup}-${x.direction}`}>
              <th scope="row">{x.setup.replaceAll('_', ' ')}</th>
              <td>
                <Direction value={x.direction} />
              </td>
              <td className="num">
                {num(x.entry_zone.low)}–{num(x.entry_zone.high)}
              </td>
              <td className="num">
                {num(x.t1)} / {num(x.t2)}
              </td>
              <td className="num">{num(x.stop)}</td>
              <td className="num">
                {num(x.risk_reward.t1, 1)} / {num(x.risk_reward.t2, 1)}
              </td>
              <td className="num">{num(x.expiry_bars, 0)} sessions</td>
            </tr>
          ))}
        </tbody>
      </table>
      {setups.map((x) => (
        <p key={`${x.setup}-${x.direction}-thesis`}>{x.thesis}</p>
      ))}
    </>
  );
}
