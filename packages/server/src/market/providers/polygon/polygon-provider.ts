import { localDateOf } from '../../calendar/local-time.js';
import type { Bar, CorporateAction } from '../../ingest/types.js';
import { sicSector } from '../../reference/sic-sector.js';
import type { NewsRow } from '../../store/types.js';
import type {
  DailyBarsAnswer,
  DateRange,
  InstrumentReference,
  MarketDataProvider,
  NewsProvider,
  ReferenceProvider,
} from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okJson, providerGet } from '../provider-http.js';

const POLYGON_BASE_URL = 'https://api.polygon.io';
/** Pages followed for one answer: 50,000 aggregates a page covers two centuries of days. */
const MAX_PAGES = 50;

type Json = Record<string, unknown>;

/**
 * Polygon (Massive) daily aggregates, unadjusted (`/v2/aggs/ticker/<T>/range/1/day/<from>/<to>?adjusted=false`),
 * with splits (`/v3/reference/splits`) and cash dividends (`/v3/reference/dividends`) as the actions: the
 * prices are raw and adjustment stays on read. The key travels as `Authorization: Bearer`, never in a URL.
 * Every list is followed through its `next_url` (which carries a cursor, not the key). An aggregate's `t`
 * is the start of its session in New York, in epoch milliseconds: its date is read in that zone. Polygon
 * answers an unknown ticker like an empty range (no results), so both read as no bars.
 */
export class PolygonProvider implements MarketDataProvider, ReferenceProvider, NewsProvider {
  readonly name = 'polygon';
  readonly referenceFields = ['name', 'exchange', 'sector', 'industry', 'active'] as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = POLYGON_BASE_URL,
  ) {}

  async dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer> {
    const t = encodeURIComponent(ticker.toUpperCase());
    const aggs = new URL(`/v2/aggs/ticker/${t}/range/1/day/${range.from}/${range.to}`, this.baseUrl);
    aggs.search = new URLSearchParams({ adjusted: 'false', sort: 'asc', limit: '50000' }).toString();
    const bars: Bar[] = [];
    for (const row of await this.#all(aggs, signal)) {
      const { t: ms, o, h, l, c, v } = row;
      if (![ms, o, h, l, c, v].every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(aggs)}: an aggregate lacks t, o, h, l, c or v`,
        );
      const date = localDateOf('America/New_York', new Date(ms as number));
      if (date < range.from || date > range.to) continue;
      if (bars.length > 0 && date <= (bars.at(-1) as Bar).date)
        throw new ProviderError(this.name, 'malformed', `${describeRequest(aggs)}: ${date} is out of order`);
      bars.push({
        date,
        open: o as number,
        high: h as number,
        low: l as number,
        close: c as number,
        volume: v as number,
      });
    }
    const splitsUrl = new URL('/v3/reference/splits', this.baseUrl);
    splitsUrl.search = new URLSearchParams({
      ticker: ticker.toUpperCase(),
      'execution_date.gte': range.from,
      'execution_date.lte': range.to,
      limit: '1000',
    }).toString();
    const dividendsUrl = new URL('/v3/reference/dividends', this.baseUrl);
    dividendsUrl.search = new URLSearchParams({
      ticker: ticker.toUpperCase(),
      'ex_dividend_date.gte': range.from,
      'ex_dividend_date.lte': range.to,
      limit: '1000',
    }).toString();
    const actions: CorporateAction[] = [];
    for (const s of await this.#all(splitsUrl, signal)) {
      const { execution_date: date, split_from: from, split_to: to } = s;
      if (
        typeof date !== 'string' ||
        !(typeof from === 'number' && from > 0) ||
        !(typeof to === 'number' && to > 0)
      )
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(splitsUrl)}: a split lacks its date or ratio`,
        );
      actions.push({ date, kind: 'split', value: to / from });
    }
    for (const d of await this.#all(dividendsUrl, signal)) {
      const { ex_dividend_date: date, cash_amount: cash } = d;
      if (typeof date !== 'string' || !(typeof cash === 'number' && cash >= 0))
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(dividendsUrl)}: a dividend lacks its date or amount`,
        );
      if (cash > 0) actions.push({ date, kind: 'dividend', value: cash });
    }
    actions.sort((a, b) => (a.date === b.date ? a.kind.localeCompare(b.kind) : a.date < b.date ? -1 : 1));
    return {
      ticker,
      bars,
      basis: 'raw',
      actions: actions.filter((a) => a.date >= range.from && a.date <= range.to),
    };
  }

  /**
   * The ticker's reference (`/v3/reference/tickers/<T>`): name, primary exchange (a MIC already), SIC code
   * read as a sector, and whether it still trades (`active`, `delisted_utc`). An unknown ticker is a 404.
   */
  async reference(ticker: string, signal?: AbortSignal): Promise<InstrumentReference> {
    const url = new URL(`/v3/reference/tickers/${encodeURIComponent(ticker.toUpperCase())}`, this.baseUrl);
    const where = describeRequest(url);
    const body = (await this.#json(url, signal)) as Json | null;
    const r = body?.results as Json | undefined;
    if (typeof r !== 'object' || r === null || body?.status !== 'OK')
      throw new ProviderError(this.name, 'malformed', `${where}: no results`);
    const sic = Number(r.sic_code);
    const sector = Number.isInteger(sic) && sic > 0 ? sicSector(sic) : null;
    const delisted =
      typeof r.delisted_utc === 'string' && !Number.isNaN(Date.parse(r.delisted_utc))
        ? new Date(r.delisted_utc).toISOString().slice(0, 10)
        : undefined;
    return {
      ticker: ticker.toUpperCase(),
      ...(typeof r.name === 'string' && r.name.trim() !== '' ? { name: r.name.trim() } : {}),
      ...(typeof r.primary_exchange === 'string' && /^[A-Z]{4}$/.test(r.primary_exchange)
        ? { exchange: r.primary_exchange }
        : {}),
      ...(sector === null ? {} : { sector }),
      ...(typeof r.sic_description === 'string' && r.sic_description !== ''
        ? { industry: r.sic_description }
        : {}),
      ...(typeof r.active === 'boolean' ? { active: r.active } : {}),
      ...(delisted === undefined ? {} : { delisted_on: delisted }),
    };
  }

  /**
   * The ticker's news (`/v2/reference/news?ticker=&published_utc.gte=&published_utc.lte=`, newest 1,000,
   * returned oldest first): id `polygon:<id>`, the publisher's name as the source, title, description, URL.
   */
  async news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]> {
    const url = new URL('/v2/reference/news', this.baseUrl);
    url.search = new URLSearchParams({
      ticker: ticker.toUpperCase(),
      'published_utc.gte': `${range.from}T00:00:00Z`,
      'published_utc.lte': `${range.to}T23:59:59Z`,
      order: 'desc',
      sort: 'published_utc',
      limit: '1000',
    }).toString();
    const rows: NewsRow[] = [];
    // One page, the newest 1,000 of the range: one request on the key's budget (a daily sync's week of
    // news fits many times over; a backfill keeps the latest 1,000).
    for (const a of await this.#all(url, signal, 'first')) {
      const published = typeof a.published_utc === 'string' ? Date.parse(a.published_utc) : Number.NaN;
      const publisher = (a.publisher as Json | undefined)?.name;
      if (typeof a.id !== 'string' || typeof a.title !== 'string' || Number.isNaN(published))
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(url)}: an article lacks id, title or time`,
        );
      if (a.title.trim() === '') continue;
      rows.push({
        id: `polygon:${a.id}`,
        published_at: new Date(published).toISOString(),
        source: typeof publisher === 'string' && publisher !== '' ? publisher : 'Polygon',
        headline: a.title.trim(),
        ...(typeof a.description === 'string' && a.description.trim() !== ''
          ? { summary: a.description.trim() }
          : {}),
        ...(typeof a.article_url === 'string' && /^https?:\/\//.test(a.article_url)
          ? { url: a.article_url }
          : {}),
        tickers: [ticker.toUpperCase()],
      });
    }
    return rows.sort((x, y) =>
      x.published_at < y.published_at ? -1 : x.published_at > y.published_at ? 1 : 0,
    );
  }

  /** Every `results` row of a list (or its first page), following `next_url` to this provider's own origin only. */
  async #all(first: URL, signal: AbortSignal | undefined, pages: 'all' | 'first' = 'all'): Promise<Json[]> {
    const rows: Json[] = [];
    let url: URL | undefined = first;
    for (let page = 0; url !== undefined; page++) {
      if (page >= MAX_PAGES)
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(first)}: more than ${MAX_PAGES} pages`,
        );
      const where = describeRequest(url);
      const body = (await this.#json(url, signal)) as Json;
      if (typeof body !== 'object' || body === null || (body.status !== 'OK' && body.status !== 'DELAYED'))
        throw new ProviderError(
          this.name,
          'malformed',
          `${where}: status ${String((body as Json | null)?.status)}`,
        );
      const results = body.results ?? [];
      if (!Array.isArray(results))
        throw new ProviderError(this.name, 'malformed', `${where}: results is not a list`);
      for (const r of results) rows.push(r as Json);
      const next = body.next_url;
      url = undefined;
      if (pages === 'all' && typeof next === 'string' && next !== '') {
        const n = new URL(next, this.baseUrl);
        if (n.origin !== new URL(this.baseUrl).origin)
          throw new ProviderError(
            this.name,
            'malformed',
            `${where}: next_url leaves ${new URL(this.baseUrl).origin}`,
          );
        url = n;
      }
    }
    return rows;
  }

  /** One GET with the key in its header; a 404 is an unknown ticker. */
  async #json(url: URL, signal: AbortSignal | undefined): Promise<unknown> {
    const res = await providerGet(this.name, url, {
      headers: { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' },
      ...(signal === undefined ? {} : { signal }),
    });
    if (res.status === 404)
      throw new ProviderError(this.name, 'unknown_symbol', `${describeRequest(url)} answered 404`, {
        status: 404,
      });
    return okJson(this.name, url, res);
  }
}
