export { AlphaVantageProvider } from './alpha-vantage/alpha-vantage-provider.js';
export { FinnhubNews } from './finnhub/finnhub-news.js';
export { PolygonProvider } from './polygon/polygon-provider.js';
export type { DateRange, MarketDataProvider, PriceBasis } from './provider.js';
export { ProviderError } from './provider-error.js';
export { retryAfterSeconds } from './provider-http.js';
export { SecEdgarFilings } from './sec-edgar/sec-edgar-filings.js';
export { StooqProvider } from './stooq/stooq-provider.js';
export { TiingoProvider } from './tiingo/tiingo-provider.js';
