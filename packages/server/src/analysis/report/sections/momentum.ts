import type { ReportInput } from '../report-input.js';
import { indicator } from './indicator.js';
import { last, num, section } from './section.js';

/**
 * The momentum verdict, read from the three figures the section shows: overbought (RSI ≥ 70) or oversold
 * (≤ 30) first; else positive when RSI is above 50, the MACD histogram above zero and the 21-session change
 * above zero, negative when all three are below, and mixed when they disagree (RSI 47.6, a rising MACD
 * and −4 % over a month is not "positive"). A missing figure makes it mixed.
 */
export function momentumState(rsi: number, hist: number, roc: number): string {
  if (rsi >= 70) return 'overbought';
  if (rsi <= 30) return 'oversold';
  if (rsi > 50 && hist > 0 && roc > 0) return 'positive';
  if (rsi < 50 && hist < 0 && roc < 0) return 'negative';
  return 'mixed';
}

/** RSI, MACD and rate of change: how fast and which way price is moving. */
export function momentumSection(input: ReportInput) {
  const s = input.series;
  const rsi = last(indicator(s, 'rsi', { period: 14 }).rsi);
  const macd = indicator(s, 'macd', { fast_period: 12, slow_period: 26, signal_period: 9 });
  const line = last(macd.macd);
  const signal = last(macd.signal);
  const hist = last(macd.hist);
  const roc = last(indicator(s, 'roc', { period: 21 }).roc);
  const state = momentumState(rsi, hist, roc);
  const narrative =
    `RSI(14) is ${rsi.toFixed(1)}${rsi >= 70 ? ' (overbought)' : rsi <= 30 ? ' (oversold)' : ''}; ` +
    `MACD(12,26,9) is ${hist > 0 ? 'above' : 'below'} its signal line (histogram ${hist.toFixed(3)}) ` +
    `and price changed ${roc.toFixed(1)} % over 21 sessions` +
    (state === 'mixed' ? ': the three disagree, so momentum is mixed.' : '.');
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
