import type { BulkTable } from './bulk-upsert.js';

/** Column lists of the bulk writes, in the order rows are built. */
export const INSTRUMENTS: BulkTable = {
  name: 'instruments',
  columns: [
    { name: 'ticker', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'exchange', type: 'text' },
    { name: 'asset_class', type: 'text' },
    { name: 'currency', type: 'text' },
    { name: 'sector', type: 'text' },
    { name: 'calendar', type: 'text' },
    { name: 'active', type: 'int4' },
    { name: 'source', type: 'text' },
    { name: 'industry', type: 'text' },
    { name: 'delisted_on', type: 'text' },
  ],
  key: ['ticker'],
};

export const DAILY_BARS: BulkTable = {
  name: 'daily_bars',
  columns: [
    { name: 'ticker', type: 'text' },
    { name: 'date', type: 'text' },
    { name: 'open', type: 'float8' },
    { name: 'high', type: 'float8' },
    { name: 'low', type: 'float8' },
    { name: 'close', type: 'float8' },
    { name: 'volume', type: 'float8' },
    { name: 'source', type: 'text' },
  ],
  key: ['ticker', 'date'],
};

export const CORPORATE_ACTIONS: BulkTable = {
  name: 'corporate_actions',
  columns: [
    { name: 'ticker', type: 'text' },
    { name: 'date', type: 'text' },
    { name: 'kind', type: 'text' },
    { name: 'value', type: 'float8' },
    { name: 'source', type: 'text' },
  ],
  key: ['ticker', 'date', 'kind'],
};

export const TRADES: BulkTable = {
  name: 'trades',
  columns: [
    { name: 'ticker', type: 'text' },
    { name: 'ts', type: 'int8' },
    { name: 'seq', type: 'int4' },
    { name: 'price', type: 'float8' },
    { name: 'size', type: 'float8' },
    { name: 'side', type: 'text' },
    { name: 'condition', type: 'text' },
    { name: 'source', type: 'text' },
  ],
  key: ['ticker', 'ts', 'seq'],
};

export const QUOTES: BulkTable = {
  name: 'quotes',
  columns: [
    { name: 'ticker', type: 'text' },
    { name: 'ts', type: 'int8' },
    { name: 'seq', type: 'int4' },
    { name: 'bid', type: 'float8' },
    { name: 'ask', type: 'float8' },
    { name: 'bid_size', type: 'float8' },
    { name: 'ask_size', type: 'float8' },
    { name: 'source', type: 'text' },
  ],
  key: ['ticker', 'ts', 'seq'],
};

export const NEWS: BulkTable = {
  name: 'news',
  columns: [
    { name: 'id', type: 'text' },
    { name: 'published_at', type: 'text' },
    { name: 'source', type: 'text' },
    { name: 'headline', type: 'text' },
    { name: 'summary', type: 'text' },
    { name: 'url', type: 'text' },
    { name: 'data_source', type: 'text' },
  ],
  key: ['id'],
};

export const NEWS_TICKERS: BulkTable = {
  name: 'news_tickers',
  columns: [
    { name: 'news_id', type: 'text' },
    { name: 'ticker', type: 'text' },
    { name: 'published_at', type: 'text' },
  ],
  key: ['news_id', 'ticker'],
};
