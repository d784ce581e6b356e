import type { Instrument } from '../store/types.js';

/**
 * What a first sync brings when the operator named no universe and the store holds no real ticker:
 * 40 liquid US large caps across the eleven GICS sectors, and SPY as the benchmark (risk's beta, the
 * cards' relative strength). Small enough for a free tier (41 requests; Tiingo's 50 an hour), and long
 * listed, so twenty years of history exist for nearly all. Names and sectors seed the instrument master
 * until a provider's reference data replaces them. Operators on paying tiers set their own
 * (`bellwether universe add`, or `--file`).
 */
const ROWS: readonly (readonly [ticker: string, name: string, sector: string, exchange: string])[] = [
  ['AAPL', 'Apple Inc.', 'Information Technology', 'XNAS'],
  ['MSFT', 'Microsoft Corporation', 'Information Technology', 'XNAS'],
  ['NVDA', 'NVIDIA Corporation', 'Information Technology', 'XNAS'],
  ['ORCL', 'Oracle Corporation', 'Information Technology', 'XNYS'],
  ['CSCO', 'Cisco Systems, Inc.', 'Information Technology', 'XNAS'],
  ['IBM', 'International Business Machines Corporation', 'Information Technology', 'XNYS'],
  ['GOOGL', 'Alphabet Inc. Class A', 'Communication Services', 'XNAS'],
  ['META', 'Meta Platforms, Inc.', 'Communication Services', 'XNAS'],
  ['VZ', 'Verizon Communications Inc.', 'Communication Services', 'XNYS'],
  ['DIS', 'The Walt Disney Company', 'Communication Services', 'XNYS'],
  ['AMZN', 'Amazon.com, Inc.', 'Consumer Discretionary', 'XNAS'],
  ['HD', 'The Home Depot, Inc.', 'Consumer Discretionary', 'XNYS'],
  ['MCD', "McDonald's Corporation", 'Consumer Discretionary', 'XNYS'],
  ['NKE', 'NIKE, Inc.', 'Consumer Discretionary', 'XNYS'],
  ['PG', 'The Procter & Gamble Company', 'Consumer Staples', 'XNYS'],
  ['KO', 'The Coca-Cola Company', 'Consumer Staples', 'XNYS'],
  ['PEP', 'PepsiCo, Inc.', 'Consumer Staples', 'XNAS'],
  ['WMT', 'Walmart Inc.', 'Consumer Staples', 'XNYS'],
  ['COST', 'Costco Wholesale Corporation', 'Consumer Staples', 'XNAS'],
  ['JNJ', 'Johnson & Johnson', 'Health Care', 'XNYS'],
  ['UNH', 'UnitedHealth Group Incorporated', 'Health Care', 'XNYS'],
  ['PFE', 'Pfizer Inc.', 'Health Care', 'XNYS'],
  ['MRK', 'Merck & Co., Inc.', 'Health Care', 'XNYS'],
  ['ABT', 'Abbott Laboratories', 'Health Care', 'XNYS'],
  ['JPM', 'JPMorgan Chase & Co.', 'Financials', 'XNYS'],
  ['BAC', 'Bank of America Corporation', 'Financials', 'XNYS'],
  ['WFC', 'Wells Fargo & Company', 'Financials', 'XNYS'],
  ['GS', 'The Goldman Sachs Group, Inc.', 'Financials', 'XNYS'],
  ['XOM', 'Exxon Mobil Corporation', 'Energy', 'XNYS'],
  ['CVX', 'Chevron Corporation', 'Energy', 'XNYS'],
  ['COP', 'ConocoPhillips', 'Energy', 'XNYS'],
  ['CAT', 'Caterpillar Inc.', 'Industrials', 'XNYS'],
  ['HON', 'Honeywell International Inc.', 'Industrials', 'XNAS'],
  ['UNP', 'Union Pacific Corporation', 'Industrials', 'XNYS'],
  ['BA', 'The Boeing Company', 'Industrials', 'XNYS'],
  ['LIN', 'Linde plc', 'Materials', 'XNAS'],
  ['NEM', 'Newmont Corporation', 'Materials', 'XNYS'],
  ['NEE', 'NextEra Energy, Inc.', 'Utilities', 'XNYS'],
  ['DUK', 'Duke Energy Corporation', 'Utilities', 'XNYS'],
  ['AMT', 'American Tower Corporation', 'Real Estate', 'XNYS'],
  ['SPY', 'SPDR S&P 500 ETF Trust', '', 'ARCX'],
];

export const DEFAULT_UNIVERSE: readonly Instrument[] = ROWS.map(([ticker, name, sector, exchange]) => ({
  ticker,
  name,
  exchange,
  asset_class: ticker === 'SPY' ? 'etf' : 'equity',
  currency: 'USD',
  sector: ticker === 'SPY' ? null : sector,
  calendar: 'XNYS',
  active: true,
  source: 'default-universe',
}));
