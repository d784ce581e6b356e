import type { NewsRow } from '../../store/types.js';
import type { DateRange, NewsProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest } from '../provider-http.js';
import { FINNHUB_BASE_URL, finnhubGet } from './finnhub-get.js';

interface FinnhubArticle {
  readonly id: number;
  readonly datetime: number;
  readonly headline: string;
  readonly source: string;
  readonly summary?: string;
  readonly url?: string;
}

const isArticle = (x: unknown): x is FinnhubArticle => {
  const a = x as Record<string, unknown>;
  return (
    typeof a === 'object' &&
    a !== null &&
    Number.isInteger(a.id) &&
    Number.isFinite(a.datetime) &&
    (a.datetime as number) > 0 &&
    typeof a.headline === 'string' &&
    typeof a.source === 'string'
  );
};

/**
 * Finnhub's company news (`/api/v1/company-news?symbol=&from=&to=`, the key in the `X-Finnhub-Token`
 * header, never in the URL). Each article: `id` (stable: the item's id becomes `finnhub:<id>`), `datetime`
 * in Unix seconds, `headline`, `source` (the publisher), `summary`, `url`. What its format does not say:
 * an unknown symbol is an empty list, like a quiet range; the free tier reaches one year back and allows
 * 60 calls a minute (429 beyond, with `{"error":"API limit reached…"}`); a refused key is 401, a plan
 * without the endpoint 403, both with an `error` body. Empty headlines (Finnhub lists some) are skipped.
 */
export class FinnhubNews implements NewsProvider {
  readonly name = 'finnhub';

  constructor(
    private readonly token: string,
    private readonly baseUrl = FINNHUB_BASE_URL,
  ) {}

  async news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]> {
    const url = new URL('/api/v1/company-news', this.baseUrl);
    url.search = new URLSearchParams({
      symbol: ticker.toUpperCase(),
      from: range.from,
      to: range.to,
    }).toString();
    const body = await finnhubGet(this.name, url, this.token, signal);
    const where = describeRequest(url);
    if (!Array.isArray(body)) {
      // A 200 carrying `{"error": …}` instead of the list: nothing of it is used.
      throw new ProviderError(this.name, 'malformed', `${where}: expected a list of articles`);
    }
    const rows: NewsRow[] = [];
    const seen = new Set<number>();
    for (const [i, a] of body.entries()) {
      if (!isArticle(a))
        throw new ProviderError(
          this.name,
          'malformed',
          `${where}: article ${i} lacks an id, time or headline`,
        );
      if (a.headline.trim() === '' || seen.has(a.id)) continue;
      seen.add(a.id);
      const published = new Date(a.datetime * 1000).toISOString();
      const day = published.slice(0, 10);
      if (day < range.from || day > range.to) continue;
      rows.push({
        id: `finnhub:${a.id}`,
        published_at: published,
        source: a.source,
        headline: a.headline.trim(),
        ...(typeof a.summary === 'string' && a.summary.trim() !== '' ? { summary: a.summary.trim() } : {}),
        ...(typeof a.url === 'string' && /^https?:\/\//.test(a.url) ? { url: a.url } : {}),
        tickers: [ticker.toUpperCase()],
      });
    }
    return rows.sort((x, y) =>
      x.published_at < y.published_at ? -1 : x.published_at > y.published_at ? 1 : 0,
    );
  }
}
