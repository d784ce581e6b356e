import { num, pct } from '../../format';
import { Change } from '../Change';
import { Fact, Facts } from '../Facts';
import type { PanelProps } from '../panel-props';
import { need, type SnapshotSection } from '../report-sections';

/** Last close, its changes over a day, a week, a month and the year, and where it sits in its 52-week range. */
export function SnapshotPanel({ section }: PanelProps) {
  const s = section as SnapshotSection;
  const change = need(s.change, 'change');
  const range = need(s.range_52w, 'range_52w');
  return (
    <Facts>
      <Fact label="Last close">
        <span className="num">{`${num(s.last_close)} on ${s.last_date}`}</span>
      </Fact>
      <Fact label="1 day">
        <Change v={change.d1} />
      </Fact>
      <Fact label="1 week">
        <Change v={change.w1} />
      </Fact>
      <Fact label="1 month">
        <Change v={change.m1} />
      </Fact>
      <Fact label="Year to date">
        <Change v={change.ytd} />
      </Fact>
      <Fact label="52-week range">
        <span className="num">
          {num(range.low)} – {num(range.high)} ({pct(range.position, 0)} of the way up)
        </span>
      </Fact>
    </Facts>
  );
}
