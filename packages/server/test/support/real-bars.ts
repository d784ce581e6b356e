import { sharedDataPath } from '@bellwether/fixtures';
import { expect } from 'vitest';
import { ingestFile } from '../../src/market/store/index.js';
import type { MarketDataRepo } from '../../src/market/store/market-data-repo.js';

const pooksoft = (t: string) =>
  sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', `DA-${t}-T-2021-04-21.csv`);

/** Real daily bars: Pooksoft stocks (raw, with their actions; default JNJ, PFE, MRK) and pandas-ta's SPY. */
export async function ingestRealBars(
  market: MarketDataRepo,
  tickers: readonly string[] = ['JNJ', 'PFE', 'MRK'],
): Promise<void> {
  const files: [string, string, string | undefined][] = [
    ...tickers.map((t): [string, string, string] => [pooksoft(t), t, 'alphavantage']),
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
