import { readdirSync } from 'node:fs';
import { readCsv, sharedDataPath } from '../support/shared-data.js';

const POOKSOFT = 'Pooksoft__PooksoftSP500EquityPriceDataSet';

/** Tickers of the 70-stock Pooksoft set, sorted. */
export function pooksoftTickers(): string[] {
  return readdirSync(sharedDataPath(POOKSOFT, 'daily_adjusted'))
    .map((f) => /^DA-(.+)-T-/.exec(f)?.[1])
    .filter((t): t is string => t !== undefined)
    .sort();
}

/** Dates and `adjusted_close` of one Pooksoft ticker. */
function pooksoftAdjustedClose(ticker: string): { dates: string[]; close: Float64Array } {
  const dir = sharedDataPath(POOKSOFT, 'daily_adjusted');
  const file = readdirSync(dir).find((f) => f.startsWith(`DA-${ticker}-T-`));
  if (file === undefined) throw new Error(`no Pooksoft file for ${ticker}`);
  const { header, rows } = readCsv(`${dir}/${file}`);
  const di = header.indexOf('timestamp');
  const ci = header.indexOf('adjusted_close');
  return { dates: rows.map((r) => r[di]!), close: Float64Array.from(rows, (r) => Number(r[ci])) };
}

/** SPY raw daily close (pandas-ta copy; no dividends, so a price-return benchmark). */
function spyClose(): Map<string, number> {
  const { header, rows } = readCsv(sharedDataPath('twopirllc__pandas-ta', 'SPY_D.csv'));
  const di = header.indexOf('date');
  const ci = header.indexOf('close');
  return new Map(rows.map((r) => [r[di]!, Number(r[ci])]));
}

/**
 * 3-month Treasury yield (annual decimal) by date from zipline's treasury_curves.csv, converted to
 * a per-day rate (1 + y)^(1/252) − 1; missing days carry the previous value forward.
 */
export function dailyRiskFree(dates: readonly string[]): Float64Array {
  const { header, rows } = readCsv(sharedDataPath('quantopian__zipline', 'treasury_curves.csv'));
  const ci = header.indexOf('3month');
  const byDate = new Map(rows.map((r) => [r[0]!.slice(0, 10), Number(r[ci])]));
  const out = new Float64Array(dates.length);
  let last = 0;
  dates.forEach((d, t) => {
    const y = byDate.get(d);
    if (y !== undefined && Number.isFinite(y)) last = y;
    out[t] = (1 + last) ** (1 / 252) - 1;
  });
  return out;
}

/** Simple returns of consecutive closes (length n − 1; index t is the return into close t + 1). */
function returnsOf(close: Float64Array): Float64Array {
  const out = new Float64Array(close.length - 1);
  for (let t = 1; t < close.length; t++) out[t - 1] = close[t]! / close[t - 1]! - 1;
  return out;
}

export interface MarketPanel {
  readonly tickers: string[];
  /** Dates of the returns (the later date of each pair). */
  readonly dates: string[];
  /** One return column per ticker. */
  readonly returns: Float64Array[];
  readonly benchmark: Float64Array;
  readonly riskFree: Float64Array;
}

/** Aligned daily returns of the given tickers, SPY and the risk-free rate on the common dates. */
export function marketPanel(tickers: readonly string[]): MarketPanel {
  const spy = spyClose();
  const series = tickers.map((t) => pooksoftAdjustedClose(t));
  const first = series[0]!;
  const keep = first.dates.map((d, i) => spy.has(d) && series.every((s) => s.dates[i] === d));
  const dates = first.dates.filter((_, i) => keep[i]);
  const cols = series.map((s) => returnsOf(s.close.filter((_, i) => keep[i])));
  const bench = returnsOf(Float64Array.from(dates, (d) => spy.get(d)!));
  const rdates = dates.slice(1);
  return {
    tickers: [...tickers],
    dates: rdates,
    returns: cols,
    benchmark: bench,
    riskFree: dailyRiskFree(rdates),
  };
}
