import { num, pct } from '../../format';
import { Fact, Facts } from '../Facts';
import type { PanelProps } from '../panel-props';
import type { VolatilitySection } from '../report-sections';

/** ATR, realised volatility now against the year, and the Bollinger band width. */
export function VolatilityPanel({ section }: PanelProps) {
  const s = section as VolatilitySection;
  return (
    <Facts>
      <Fact label="Regime">{s.regime}</Fact>
      <Fact label="ATR (14)">
        <span className="num">{`${num(s.atr_14)} (${pct(s.atr_pct)} of price)`}</span>
      </Fact>
      <Fact label="Realised volatility, 1 month">
        <span className="num">{pct(s.realised_vol_21)} annualised</span>
      </Fact>
      <Fact label="Realised volatility, 1 year">
        <span className="num">{pct(s.realised_vol_252)} annualised</span>
      </Fact>
      <Fact label="Bollinger band width">
        <span className="num">{pct(s.bollinger_width)} of the middle band</span>
      </Fact>
    </Facts>
  );
}
