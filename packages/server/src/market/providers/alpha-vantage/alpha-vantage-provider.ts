import type { Bar, CorporateAction } from '../../ingest/types.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okJson, providerGet } from '../provider-http.js';

const ALPHA_VANTAGE_BASE_URL = 'https://www.alphavantage.co';
/** `outputsize=compact` holds the latest 100 sessions: ~140 calendar days, with a margin. */
const COMPACT_REACH_DAYS = 130;

const FIELDS = {
  open: '1. open',
  high: '2. high',
  low: '3. low',
  close: '4. close',
  volume: '6. volume',
  dividend: '7. dividend amount',
  split: '8. split coefficient',
} as const;

/**
 * Alpha Vantage's `TIME_SERIES_DAILY_ADJUSTED` (`/query?function=…&symbol=…&outputsize=…&apikey=…`: the
 * key travels in the query string, which no message or log ever shows, ADR 0066). Prices are raw
 * (`1. open` … `4. close`, `6. volume`; `5. adjusted close` is ignored) and every day carries `7. dividend
 * amount` and `8. split coefficient`, which become the answer's actions. What its HTTP status does not say:
 * - every answer is HTTP 200: a rate limit is a `Note` or `Information` body (read as `throttled`), a
 *   plan that lacks the function an `Information` body calling it a "premium endpoint" (`unauthorized`; the
 *   rate-limit notice mentions premium plans too, so only that phrase decides), an
 *   unknown symbol an `Error Message` (`unknown_symbol`), a refused key an `Error Message` about the
 *   `apikey` (`unauthorized`);
 * - days come newest first; `outputsize=compact` holds the latest 100, so it is asked only for a range
 *   that starts within the last ~130 days, `full` otherwise.
 */
export class AlphaVantageProvider implements MarketDataProvider {
  readonly name = 'alphavantage';

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = ALPHA_VANTAGE_BASE_URL,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer> {
    const compactFrom = new Date(this.now().getTime() - COMPACT_REACH_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const url = new URL('/query', this.baseUrl);
    url.search = new URLSearchParams({
      function: 'TIME_SERIES_DAILY_ADJUSTED',
      symbol: ticker.toUpperCase(),
      outputsize: range.from >= compactFrom ? 'compact' : 'full',
      datatype: 'json',
      apikey: this.apiKey,
    }).toString();
    const res = await providerGet(this.name, url, signal === undefined ? {} : { signal });
    const where = describeRequest(url);
    const body = okJson(this.name, url, res);
    if (typeof body !== 'object' || body === null)
      throw new ProviderError(this.name, 'malformed', `${where}: expected an object`);
    const o = body as Record<string, unknown>;
    const notice = [o.Note, o.Information].find((x): x is string => typeof x === 'string');
    if (notice !== undefined)
      throw /premium endpoint/i.test(notice)
        ? new ProviderError(
            this.name,
            'unauthorized',
            `${where}: this key's plan does not include the function`,
            { status: 200 },
          )
        : new ProviderError(this.name, 'throttled', `${where}: rate limit notice in a 200 answer`, {
            status: 200,
          });
    if (typeof o['Error Message'] === 'string')
      throw /apikey/i.test(o['Error Message'])
        ? new ProviderError(this.name, 'unauthorized', `${where}: the key was refused`, { status: 200 })
        : new ProviderError(this.name, 'unknown_symbol', `${where}: no symbol ${ticker}`, { status: 200 });
    const series = o['Time Series (Daily)'];
    if (typeof series !== 'object' || series === null)
      throw new ProviderError(this.name, 'malformed', `${where}: no "Time Series (Daily)"`);
    const bars: Bar[] = [];
    const actions: CorporateAction[] = [];
    for (const date of Object.keys(series).sort()) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw new ProviderError(this.name, 'malformed', `${where}: day "${date}"`);
      if (date < range.from || date > range.to) continue;
      const day = (series as Record<string, Record<string, unknown>>)[date] ?? {};
      const n = (k: keyof typeof FIELDS) => {
        const v = Number(day[FIELDS[k]]);
        if (typeof day[FIELDS[k]] !== 'string' || !Number.isFinite(v))
          throw new ProviderError(this.name, 'malformed', `${where}: ${date} lacks "${FIELDS[k]}"`);
        return v;
      };
      const [dividend, split] = [n('dividend'), n('split')];
      if (dividend < 0 || split <= 0)
        throw new ProviderError(this.name, 'malformed', `${where}: ${date} has an impossible action`);
      bars.push({
        date,
        open: n('open'),
        high: n('high'),
        low: n('low'),
        close: n('close'),
        volume: n('volume'),
      });
      if (dividend > 0) actions.push({ date, kind: 'dividend', value: dividend });
      if (split !== 1) actions.push({ date, kind: 'split', value: split });
    }
    return { ticker, bars, basis: 'raw', actions };
  }
}
