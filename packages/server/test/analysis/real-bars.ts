import { expect } from 'vitest';
import { sharedDataPath } from '../../../analytics/test/support/shared-data.js';
import { ingestFile } from '../../src/market/store/index.js';
import type { MarketDataRepo } from '../../src/market/store/market-data-repo.js';

const pooksoft = (t: string) =>
  sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', `DA-${t}-T-2021-04-21.csv`);

/** Real daily bars for the analysis suites: Pooksoft JNJ, PFE, MRK (with actions) and pandas-ta's SPY. */
export async function ingestRealBars(market: MarketDataRepo): Promise<void> {
  const files: [string, string, string | undefined][] = [
    [pooksoft('JNJ'), 'JNJ', 'alphavantage'],
    [pooksoft('PFE'), 'PFE', 'alphavantage'],
    [pooksoft('MRK'), 'MRK', 'alphavantage'],
    [sharedDataPath('twopirllc__pandas-ta', 'SPY_D.csv'), 'SPY', undefined],
  ];
  for (const [file, ticker, format] of files) {
    const r = await ingestFile(market, {
      kind: 'bars',
      file,
      ticker,
      ...(format === undefined ? {} : { format }),
      skipBadRows: false,
      calendar: 'XNYS',
    });
    expect(r.status, JSON.stringify(r)).toBe('imported');
  }
}
