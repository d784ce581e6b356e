import { createHash } from 'node:crypto';
import type { Bar, CorporateAction } from '../../ingest/types.js';
import type { NewsRow } from '../../store/types.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider, NewsProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okJson, providerGet } from '../provider-http.js';
import { throwIfNotice } from './alpha-vantage-notice.js';

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
export class AlphaVantageProvider implements MarketDataProvider, NewsProvider {
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
    const o = await this.#query(url, ticker, signal);
    const where = describeRequest(url);
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

  /**
   * `NEWS_SENTIMENT` for the ticker over the range (`time_from`/`time_to` as `YYYYMMDDTHHMM`, earliest
   * first, up to 1,000 articles): Alpha Vantage's articles carry no id, so an item's id is a digest of its
   * URL (`alphavantage:<sha1>`); its own sentiment scores are not kept (Bellwether scores text itself).
   */
  async news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]> {
    const url = new URL('/query', this.baseUrl);
    url.search = new URLSearchParams({
      function: 'NEWS_SENTIMENT',
      tickers: ticker.toUpperCase(),
      time_from: `${range.from.replaceAll('-', '')}T0000`,
      time_to: `${range.to.replaceAll('-', '')}T2359`,
      sort: 'EARLIEST',
      limit: '1000',
      apikey: this.apiKey,
    }).toString();
    const o = await this.#query(url, ticker, signal);
    const where = describeRequest(url);
    if (!Array.isArray(o.feed)) throw new ProviderError(this.name, 'malformed', `${where}: no "feed"`);
    const rows: NewsRow[] = [];
    const seen = new Set<string>();
    for (const [i, a] of (o.feed as Record<string, unknown>[]).entries()) {
      const m =
        typeof a?.time_published === 'string'
          ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?$/.exec(a.time_published)
          : null;
      if (m === null || typeof a.title !== 'string' || typeof a.url !== 'string')
        throw new ProviderError(this.name, 'malformed', `${where}: article ${i} lacks a title, URL or time`);
      const published = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}.000Z`;
      const id = `alphavantage:${createHash('sha1').update(a.url).digest('hex')}`;
      if (
        a.title.trim() === '' ||
        seen.has(id) ||
        published.slice(0, 10) < range.from ||
        published.slice(0, 10) > range.to
      )
        continue;
      seen.add(id);
      rows.push({
        id,
        published_at: published,
        source: typeof a.source === 'string' && a.source !== '' ? a.source : 'Alpha Vantage',
        headline: a.title.trim(),
        ...(typeof a.summary === 'string' && a.summary.trim() !== '' ? { summary: a.summary.trim() } : {}),
        ...(/^https?:\/\//.test(a.url) ? { url: a.url } : {}),
        tickers: [ticker.toUpperCase()],
      });
    }
    return rows.sort((x, y) =>
      x.published_at < y.published_at ? -1 : x.published_at > y.published_at ? 1 : 0,
    );
  }

  /** One `/query` answer as an object, its HTTP-200 refusals read (`throwIfNotice`). */
  async #query(url: URL, ticker: string, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const res = await providerGet(this.name, url, signal === undefined ? {} : { signal });
    const where = describeRequest(url);
    const body = okJson(this.name, url, res);
    if (typeof body !== 'object' || body === null)
      throw new ProviderError(this.name, 'malformed', `${where}: expected an object`);
    const o = body as Record<string, unknown>;
    throwIfNotice(this.name, where, o, ticker);
    return o;
  }
}
