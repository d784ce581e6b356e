import { type PriceLevel, supportResistanceAt } from '@bellwether/analytics';
import { atIncrement } from '../../../market/reference/price-increment.js';
import type { OhlcvColumns, ReportInput } from '../report-input.js';
import { price, section } from './section.js';

const PER_SIDE = 3;

/** The `perSide` nearest support and resistance levels known at bar `t`, with their distance from its close. */
export function nearestLevels(
  s: Pick<OhlcvColumns, 'dates' | 'high' | 'low' | 'close'>,
  t: number,
  perSide: number,
) {
  const found = supportResistanceAt(s, t);
  const close = s.close[t] as number;
  const view = (l: PriceLevel) => ({
    price: atIncrement(l.price),
    low: atIncrement(l.low),
    high: atIncrement(l.high),
    touches: l.touches,
    strength: l.strength,
    first_touch: s.dates[l.firstTouch] as string,
    last_touch: s.dates[l.lastTouch] as string,
    distance_pct: l.price / close - 1,
  });
  return {
    close,
    tolerance: Number.isFinite(found.tolerance) ? found.tolerance : null,
    support: found.levels
      .filter((l) => l.kind === 'support')
      .sort((a, b) => b.price - a.price)
      .slice(0, perSide)
      .map(view),
    resistance: found.levels
      .filter((l) => l.kind === 'resistance')
      .sort((a, b) => a.price - b.price)
      .slice(0, perSide)
      .map(view),
  };
}

/** The nearest support and resistance levels clustered from swing points known by the last bar. */
export function levelsSection(input: ReportInput) {
  const s = input.series;
  const { close, tolerance, support, resistance } = nearestLevels(s, s.close.length - 1, PER_SIDE);
  const s0 = support[0];
  const r0 = resistance[0];
  const narrative =
    (s0 === undefined
      ? 'No support level below the close is known from recent swings'
      : `Nearest support is ${price(s0.price)} (${(s0.distance_pct * 100).toFixed(1)} %, ${s0.touches} touches)`) +
    (r0 === undefined
      ? '; no resistance above the close is known from recent swings.'
      : `; nearest resistance is ${price(r0.price)} (+${(r0.distance_pct * 100).toFixed(1)} %, ${r0.touches} touches).`);
  return section(
    input,
    { method: 'zig-zag swings clustered by ATR tolerance', per_side: PER_SIDE },
    { close, tolerance, support, resistance },
    narrative,
  );
}
