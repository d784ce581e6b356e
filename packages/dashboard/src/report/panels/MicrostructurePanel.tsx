import { compact, num } from '../../format';
import { Fact, Facts } from '../Facts';
import type { PanelProps } from '../panel-props';
import type { MicrostructureSection } from '../report-sections';

/** A spread estimate in basis points. */
const bp = (v: number | null) => (v === null ? '—' : `${num(v * 1e4, 0)} bp`);

/** Liquidity from daily bars: dollar volume, Amihud illiquidity and spread estimates. */
export function MicrostructurePanel({ section }: PanelProps) {
  const s = section as MicrostructureSection;
  return (
    <Facts>
      <Fact label="Liquidity">{s.liquidity}</Fact>
      <Fact label="Average daily dollar volume">
        <span className="num">{compact(s.avg_dollar_volume)}</span>
      </Fact>
      <Fact label="Amihud illiquidity (per $1 million)">
        <span className="num">
          {s.amihud_illiquidity === null ? '—' : s.amihud_illiquidity.toExponential(2)}
        </span>
      </Fact>
      <Fact label="Corwin–Schultz spread">
        <span className="num">{bp(s.corwin_schultz_spread)}</span>
      </Fact>
      <Fact label="Roll spread">
        <span className="num">{bp(s.roll_spread)}</span>
      </Fact>
    </Facts>
  );
}
