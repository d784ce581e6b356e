export { decideImport, formatIngestError } from './accept.js';
export { parseActions } from './actions.js';
export { BAR_LAYOUTS, type BarLayoutName } from './bar-layout.js';
export { type BarParseOptions, type BarParseResult, createBarParser, parseBars } from './bars.js';
export { parseNews } from './news.js';
export { parseQuotes } from './quotes.js';
export { tickerFromFileName } from './ticker-from-file-name.js';
export { parseTrades } from './trades.js';
export type { IngestError, ParseOutcome } from './types.js';
