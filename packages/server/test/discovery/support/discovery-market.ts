import { readdirSync } from 'node:fs';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import type { MarketDataRepo } from '../../../src/market/store/market-data-repo.js';
import type { Instrument, NewsRow } from '../../../src/market/store/types.js';
import { ingestRealBars } from '../../support/real-bars.js';

/**
 * The discovery suites' clock: a Tuesday noon UTC, before that day's close, so the last session known is
 * Monday 2014-06-09 — the ex-date of Apple's 7-for-1 split — while the stored bars run to 2015-12-31.
 */
export const AS_OF = new Date('2014-06-10T12:00:00Z');
export const KNOWN_THROUGH = '2014-06-09';

const POOKSOFT = 'Pooksoft__PooksoftSP500EquityPriceDataSet';

/** Every Pooksoft ticker with daily bars (70 S&P 500 stocks), from its files' names. */
export const POOKSOFT_TICKERS: readonly string[] = readdirSync(sharedDataPath(POOKSOFT, 'daily_adjusted'))
  .map((f) => /^DA-(.+)-T-/.exec(f)?.[1])
  .filter((t) => t !== undefined)
  .sort();

/** A Pooksoft daily file's rows: date, raw OHLCV, dividend and split coefficient (Alpha Vantage layout). */
export function pooksoftRows(ticker: string) {
  const file = sharedDataPath(POOKSOFT, 'daily_adjusted', `DA-${ticker}-T-2021-04-21.csv`);
  return readCsv(file).rows.map((r) => ({
    date: r[0] as string,
    open: Number(r[1]),
    high: Number(r[2]),
    low: Number(r[3]),
    close: Number(r[4]),
    volume: Number(r[6]),
    dividend: Number(r[7]),
    split: Number(r[8]),
  }));
}

/** The S&P 500 constituents list (505 names and sectors) as instruments, the way an operator would enter them. */
export function constituents(): Instrument[] {
  return readCsv(sharedDataPath(POOKSOFT, 'constituents.csv')).rows.map((r) => ({
    ticker: r[0] as string,
    name: r[1] as string,
    exchange: 'XNYS',
    asset_class: 'equity',
    currency: 'USD',
    sector: r[2] as string,
    calendar: 'XNYS',
    active: true,
    source: 'constituents.csv',
  }));
}

/** Real financial-news texts as news about `ticker`: one every two days around AS_OF, half of them after it. */
export function newsAround(ticker: string, count = 40): NewsRow[] {
  const texts = readCsv(
    sharedDataPath('umaima-aman__Twee_Sentiment_Analysis-DeepLearning', 'sent_valid.csv'),
  ).rows.slice(0, count);
  return texts.map((row, i) => ({
    id: `tw_${ticker}_${String(i).padStart(3, '0')}`,
    published_at: new Date(AS_OF.getTime() + (i - count / 2) * 2 * 86_400_000 + 3_600_000).toISOString(),
    source: 'twitter-financial-news',
    headline: row[0] as string,
    tickers: [ticker],
  }));
}

/**
 * The discovery suites' market: the 505 constituents as instruments (one marked inactive), real daily bars
 * and actions of `tickers` (Pooksoft) and SPY (pandas-ta), and news about JNJ and PFE.
 */
export async function seedDiscoveryMarket(
  market: MarketDataRepo,
  tickers: readonly string[] = POOKSOFT_TICKERS,
): Promise<void> {
  const listed = constituents().map((i) => (i.ticker === 'GE' ? { ...i, active: false } : i));
  await market.write({ source: 'constituents.csv', instruments: listed });
  await ingestRealBars(market, tickers);
  await market.write({ source: 'test', news: [...newsAround('JNJ'), ...newsAround('PFE', 10)] });
}
