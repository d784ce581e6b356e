import { parseBars } from '../../ingest/bars.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okText, providerGet } from '../provider-http.js';

const STOOQ_BASE_URL = 'https://stooq.com';

/** `2024-01-31` → `20240131`, Stooq's `d1`/`d2` form. */
const compact = (date: string) => date.replaceAll('-', '');

/**
 * Stooq's daily CSV (`/q/d/l/?s=<ticker>.us&i=d&d1=YYYYMMDD&d2=YYYYMMDD`, no key), as read by
 * pandas-datareader's StooqDailyReader. What it does that its format does not say:
 * - prices are already adjusted for splits and dividends, and no action columns come with them: the
 *   answer's basis is `split_div` and it has no actions;
 * - it answers HTTP 200 with the text `No data` both for a symbol it does not know and for a range
 *   without sessions, so the two cannot be told apart: both read as no bars;
 * - its daily request cap is answered with HTTP 200 and a text notice ("Exceeded the daily hits
 *   limit"): read as `throttled`, until the next day.
 * US tickers take the `.us` market suffix; a ticker with a suffix of its own is sent as it is.
 */
export class StooqProvider implements MarketDataProvider {
  readonly name = 'stooq';

  constructor(private readonly baseUrl = STOOQ_BASE_URL) {}

  async dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer> {
    const url = new URL('/q/d/l/', this.baseUrl);
    const symbol = ticker.includes('.') ? ticker.toLowerCase() : `${ticker.toLowerCase()}.us`;
    url.search = new URLSearchParams({
      s: symbol,
      i: 'd',
      d1: compact(range.from),
      d2: compact(range.to),
    }).toString();
    const res = await providerGet(this.name, url, signal === undefined ? {} : { signal });
    const where = describeRequest(url);
    const text = okText(this.name, url, res);
    const body = text.trim();
    if (/^no data$/i.test(body)) return { ticker, bars: [], basis: 'split_div', actions: [] };
    if (/exceeded the daily hits limit/i.test(body))
      throw new ProviderError(this.name, 'throttled', `${where}: daily request cap reached`, { status: 200 });
    const parsed = parseBars(text, { format: 'stooq' });
    if (parsed.layout === undefined || parsed.errors.length > 0) {
      const first = parsed.errors[0];
      throw new ProviderError(
        this.name,
        'malformed',
        `${where}: ${first === undefined ? 'no CSV header' : `line ${first.line}: ${first.message}`}`,
      );
    }
    const bars = parsed.bars.filter((b) => b.date >= range.from && b.date <= range.to);
    return { ticker, bars, basis: 'split_div', actions: [] };
  }
}
