import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { last, num, section } from './section.js';

/** RSI, MACD and rate of change: how fast and which way price is moving. */
export function momentumSection(input: ReportInput) {
  const s = input.series;
  const rsi = last(indicator(s, 'rsi', { period: 14 }).rsi);
  const macd = indicator(s, 'macd', { fast_period: 12, slow_period: 26, signal_period: 9 });
  const line = last(macd.macd);
  const signal = last(macd.signal);
  const hist = last(macd.hist);
  const roc = last(indicator(s, 'roc', { period: 21 }).roc);
  const state = rsi >= 70 ? 'overbought' : rsi <= 30 ? 'oversold' : hist > 0 ? 'positive' : 'negative';
  const narrative =
    `RSI(14) is ${rsi.toFixed(1)}${rsi >= 70 ? ' (overbought)' : rsi <= 30 ? ' (oversold)' : ''}; ` +
    `MACD(12,26,9) is ${hist > 0 ? 'above' : 'below'} its signal line (histogram ${hist.toFixed(3)}) ` +
    `and price changed ${roc.toFixed(1)} % over 21 sessions.`;
  return section(
    input,
    { rsi_period: 14, macd: [12, 26, 9], roc_period: 21 },
    {
      state,
      rsi_14: num(rsi),
      macd: { line: num(line), signal: num(signal), histogram: num(hist) },
      roc_21_pct: num(roc),
    },
    narrative,
  );
}
