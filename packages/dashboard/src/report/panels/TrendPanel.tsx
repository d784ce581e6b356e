import { num } from '../../format';
import { Change } from '../Change';
import { Direction } from '../Direction';
import { Fact, Facts } from '../Facts';
import type { PanelProps } from '../panel-props';
import type { TrendSection } from '../report-sections';

/** Moving-average structure, the 50-day slope and ADX. */
export function TrendPanel({ section }: PanelProps) {
  const s = section as TrendSection;
  const side = (avg: number | null) =>
    avg === null ? '' : s.close >= avg ? ' (close above)' : ' (close below)';
  return (
    <Facts>
      <Fact label="Regime">
        <Direction value={s.regime} />
      </Fact>
      <Fact label="Strength">{s.strength}</Fact>
      <Fact label="Close">
        <span className="num">{num(s.close)}</span>
      </Fact>
      <Fact label="50-day average">
        <span className="num">{`${num(s.sma_50)}${side(s.sma_50)}`}</span>
      </Fact>
      <Fact label="200-day average">
        <span className="num">{`${num(s.sma_200)}${side(s.sma_200)}`}</span>
      </Fact>
      <Fact label="50-day average, 20-session change">
        <Change v={s.sma_50_slope} />
      </Fact>
      <Fact label="ADX (14)">
        <span className="num">{num(s.adx_14, 1)}</span>
      </Fact>
    </Facts>
  );
}
