import { amihudIlliquidity, corwinSchultzSpread, rollSpread } from '@bellwether/analytics';
import type { ReportInput } from '../report-input.js';
import { last, num, section } from './section.js';

const WINDOW = 21;

/** Liquidity from daily bars: dollar volume, Amihud illiquidity, and spread estimates from prices. */
export function microstructureSection(input: ReportInput) {
  const s = input.series;
  const n = s.close.length;
  let dollar = 0;
  let days = 0;
  for (let i = Math.max(0, n - WINDOW); i < n; i++) {
    const dv = (s.close[i] as number) * (s.volume[i] as number);
    if (Number.isFinite(dv)) {
      dollar += dv;
      days++;
    }
  }
  const adv = days === 0 ? Number.NaN : dollar / days;
  const amihud = last(amihudIlliquidity(s.close, s.volume, { window: WINDOW }));
  const cs = last(corwinSchultzSpread(s.high, s.low, s.close, { window: WINDOW }));
  const roll = last(rollSpread(s.close, { window: WINDOW }));
  const tier = adv >= 1e8 ? 'very liquid' : adv >= 1e7 ? 'liquid' : adv >= 1e6 ? 'thin' : 'illiquid';
  const narrative =
    `Average daily dollar volume over ${WINDOW} sessions is ${(adv / 1e6).toFixed(1)} million (${tier}); ` +
    `the Corwin–Schultz high-low spread estimate is ${Number.isFinite(cs) ? `${(cs * 1e4).toFixed(0)} bp` : 'undefined'} ` +
    `and Amihud illiquidity is ${Number.isFinite(amihud) ? amihud.toExponential(2) : 'undefined'} per $1 million traded.`;
  return section(
    input,
    { window_bars: WINDOW, spreads: 'estimated from daily bars (no quotes needed)', amihud_scale: 1e6 },
    {
      liquidity: tier,
      avg_dollar_volume: num(adv),
      amihud_illiquidity: num(amihud),
      corwin_schultz_spread: num(cs),
      roll_spread: num(roll),
    },
    narrative,
  );
}
