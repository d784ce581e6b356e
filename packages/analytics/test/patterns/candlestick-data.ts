/**
 * Real daily OHLC of the 70 Pooksoft S&P 500 tickers (raw prices, 1999-11-01 … 2015-12-31, 4,068 bars
 * each), read at test time from ../shared/data — never copied into the repository.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';

const POOKSOFT_DIR = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');

export interface TickerOhlc {
  readonly ticker: string;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/** Every ticker file (DA-<TICKER>-T-<date>.csv), in file-name order. */
export function loadPooksoftTickers(): TickerOhlc[] {
  const files = readdirSync(POOKSOFT_DIR)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  return files.map((file) => {
    const { header, rows } = readCsv(join(POOKSOFT_DIR, file));
    const col = (name: string): Float64Array => {
      const j = header.indexOf(name);
      if (j < 0) throw new Error(`${file}: no column ${name}`);
      return Float64Array.from(rows, (r) => Number(r[j]));
    };
    return {
      ticker: file.split('-')[1] ?? file,
      open: col('open'),
      high: col('high'),
      low: col('low'),
      close: col('close'),
    };
  });
}
