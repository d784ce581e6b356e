import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { num, section } from './section.js';

/** The panel a desk looks at: catalogue codes with their parameters (TA-Lib defaults unless named). */
const PANEL: readonly { code: string; params: Record<string, unknown> }[] = [
  { code: 'sma', params: { period: 20 } },
  { code: 'sma', params: { period: 50 } },
  { code: 'sma', params: { period: 200 } },
  { code: 'ema', params: { period: 20 } },
  { code: 'rsi', params: { period: 14 } },
  { code: 'macd', params: { fast_period: 12, slow_period: 26, signal_period: 9 } },
  { code: 'bbands', params: { period: 20, nbdev_up: 2, nbdev_dn: 2, ma_type: 'sma' } },
  { code: 'stoch', params: {} },
  { code: 'adx', params: { period: 14 } },
  { code: 'cci', params: { period: 20 } },
  { code: 'mfi', params: { period: 14 } },
  { code: 'willr', params: { period: 14 } },
  { code: 'atr', params: { period: 14 } },
  { code: 'obv', params: {} },
];

/** Last value of each panel indicator, with the value a month (21 bars) earlier for context. */
export function indicatorPanelSection(input: ReportInput) {
  const s = input.series;
  const n = s.close.length;
  const rows = PANEL.map(({ code, params }) => {
    const outputs = indicator(s, code, params);
    return {
      code,
      params,
      values: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, num(v[n - 1])])),
      month_ago: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, num(v[n - 22])])),
    };
  });
  return section(
    input,
    { month_ago_bars: 21 },
    { indicators: rows },
    `${rows.length} indicators from the catalogue, computed on ${n} bars through ${s.dates[n - 1]}; each is also shown as it stood 21 sessions earlier.`,
  );
}
