import { num } from '../../format';
import { Change } from '../Change';
import { Direction } from '../Direction';
import { Fact, Facts } from '../Facts';
import { Gauge } from '../Gauge';
import type { PanelProps } from '../panel-props';
import { type MomentumSection, need } from '../report-sections';

/** RSI on its 0–100 scale, MACD against its signal line, and the 21-session rate of change. */
export function MomentumPanel({ section }: PanelProps) {
  const s = section as MomentumSection;
  const macd = need(s.macd, 'macd');
  return (
    <div className="panel-row">
      <Gauge
        label="RSI (14)"
        value={s.rsi_14}
        min={0}
        max={100}
        low={30}
        high={70}
        lowLabel="oversold"
        highLabel="overbought"
      />
      <Facts>
        <Fact label="State">
          <Direction value={s.state} />
        </Fact>
        <Fact label="MACD line">
          <span className="num">{num(macd.line, 3)}</span>
        </Fact>
        <Fact label="Signal line">
          <span className="num">{num(macd.signal, 3)}</span>
        </Fact>
        <Fact label="Histogram">
          <span className={`num ${(macd.histogram ?? 0) >= 0 ? 'up' : 'down'}`}>
            {num(macd.histogram, 3)} ({(macd.histogram ?? 0) >= 0 ? 'above' : 'below'} signal)
          </span>
        </Fact>
        {/* ROC is in percent already (TA-Lib: (close / close 21 bars ago − 1) × 100). */}
        <Fact label="Rate of change, 21 sessions">
          <Change v={s.roc_21_pct === null ? null : s.roc_21_pct / 100} decimals={2} />
        </Fact>
      </Facts>
    </div>
  );
}
