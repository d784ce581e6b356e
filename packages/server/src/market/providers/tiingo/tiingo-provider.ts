import type { Bar, CorporateAction } from '../../ingest/types.js';
import { exchangeMic } from '../../reference/exchange-mic.js';
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

const TIINGO_BASE_URL = 'https://api.tiingo.com';

/** One row of Tiingo's end-of-day prices (the fields this adapter reads; `date` is a timestamp). */
type TiingoRow = Bar & { readonly divCash: number; readonly splitFactor: number };

const NUMBER_FIELDS = ['open', 'high', 'low', 'close', 'volume', 'divCash', 'splitFactor'] as const;

function isRow(x: unknown): x is TiingoRow {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return (
    typeof r.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(r.date) &&
    NUMBER_FIELDS.every((f) => typeof r[f] === 'number' && Number.isFinite(r[f]))
  );
}

/**
 * Tiingo's end-of-day prices (`/tiingo/daily/<ticker>/prices?startDate=&endDate=`, the key in an
 * `Authorization: Token …` header, never in the URL). Prices are raw (`open` … `volume`; the `adj*`
 * fields are ignored) and each row carries `divCash` (cash dividend with that date as ex-date) and
 * `splitFactor` (new shares per old, 1 when none): they become the answer's actions, so adjustment
 * stays on read. An unknown ticker is a 404 with a `detail`. Tiingo revises a day's prices until the
 * evening's corrections are in (its documentation: most by 17:30 ET, corrections until 20:00 ET); a later
 * sync of the same range brings the revised values.
 */
export class TiingoProvider implements MarketDataProvider, ReferenceProvider, NewsProvider {
  readonly name = 'tiingo';
  readonly referenceFields = ['name', 'exchange'] as const;

  constructor(
    private readonly token: string,
    private readonly baseUrl = TIINGO_BASE_URL,
  ) {}

  async dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer> {
    const url = new URL(`/tiingo/daily/${encodeURIComponent(ticker.toLowerCase())}/prices`, this.baseUrl);
    url.search = new URLSearchParams({ startDate: range.from, endDate: range.to, format: 'json' }).toString();
    const where = describeRequest(url);
    const rows = await this.#json(url, ticker, signal);
    if (!Array.isArray(rows))
      throw new ProviderError(this.name, 'malformed', `${where}: expected an array of prices`);
    const bars: Bar[] = [];
    const actions: CorporateAction[] = [];
    for (const [i, row] of rows.entries()) {
      if (!isRow(row))
        throw new ProviderError(this.name, 'malformed', `${where}: row ${i} lacks a date or a price field`);
      const date = row.date.slice(0, 10);
      if (date < range.from || date > range.to) continue;
      if (bars.length > 0 && date <= (bars.at(-1) as Bar).date)
        throw new ProviderError(this.name, 'malformed', `${where}: row ${i} (${date}) is out of date order`);
      if (row.splitFactor <= 0 || row.divCash < 0)
        throw new ProviderError(
          this.name,
          'malformed',
          `${where}: row ${i} (${date}) has an impossible action`,
        );
      bars.push({ date, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
      // In the store's order: by date, then kind.
      if (row.divCash > 0) actions.push({ date, kind: 'dividend', value: row.divCash });
      if (row.splitFactor !== 1) actions.push({ date, kind: 'split', value: row.splitFactor });
    }
    return { ticker, bars, basis: 'raw', actions };
  }

  /** The ticker's meta data (`/tiingo/daily/<ticker>`): its name and exchange (Tiingo gives no sector). */
  async reference(ticker: string, signal?: AbortSignal): Promise<InstrumentReference> {
    const url = new URL(`/tiingo/daily/${encodeURIComponent(ticker.toLowerCase())}`, this.baseUrl);
    const where = describeRequest(url);
    const meta = (await this.#json(url, ticker, signal)) as Record<string, unknown> | null;
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
      throw new ProviderError(this.name, 'malformed', `${where}: expected the ticker's meta data`);
    const name = typeof meta.name === 'string' ? meta.name.trim() : '';
    const mic = typeof meta.exchangeCode === 'string' ? exchangeMic(meta.exchangeCode) : undefined;
    return {
      ticker: ticker.toUpperCase(),
      ...(name === '' ? {} : { name }),
      ...(mic === undefined ? {} : { exchange: mic }),
    };
  }

  /**
   * The ticker's news (`/tiingo/news?tickers=&startDate=&endDate=&limit=1000`, an add-on to Tiingo's
   * plans): id `tiingo:<id>`, the source domain, title, description, URL, `publishedDate`; returned oldest
   * first. A ticker Tiingo has no news for is an empty list.
   */
  async news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]> {
    const url = new URL('/tiingo/news', this.baseUrl);
    url.search = new URLSearchParams({
      tickers: ticker.toLowerCase(),
      startDate: range.from,
      endDate: range.to,
      limit: '1000',
    }).toString();
    const where = describeRequest(url);
    const body = await this.#json(url, ticker, signal);
    if (!Array.isArray(body))
      throw new ProviderError(this.name, 'malformed', `${where}: expected a list of articles`);
    const rows: NewsRow[] = [];
    for (const [i, a] of (body as Record<string, unknown>[]).entries()) {
      const at = typeof a?.publishedDate === 'string' ? Date.parse(a.publishedDate) : Number.NaN;
      if (
        (typeof a?.id !== 'number' && typeof a?.id !== 'string') ||
        typeof a.title !== 'string' ||
        Number.isNaN(at)
      )
        throw new ProviderError(this.name, 'malformed', `${where}: article ${i} lacks an id, title or date`);
      const published = new Date(at).toISOString();
      if (a.title.trim() === '' || published.slice(0, 10) < range.from || published.slice(0, 10) > range.to)
        continue;
      rows.push({
        id: `tiingo:${String(a.id)}`,
        published_at: published,
        source: typeof a.source === 'string' && a.source !== '' ? a.source : 'Tiingo',
        headline: a.title.trim(),
        ...(typeof a.description === 'string' && a.description.trim() !== ''
          ? { summary: a.description.trim() }
          : {}),
        ...(typeof a.url === 'string' && /^https?:\/\//.test(a.url) ? { url: a.url } : {}),
        tickers: [ticker.toUpperCase()],
      });
    }
    return rows.sort((x, y) =>
      x.published_at < y.published_at ? -1 : x.published_at > y.published_at ? 1 : 0,
    );
  }

  /** One GET with the key in its header; a 404 is an unknown ticker. */
  async #json(url: URL, ticker: string, signal: AbortSignal | undefined): Promise<unknown> {
    const res = await providerGet(this.name, url, {
      headers: { authorization: `Token ${this.token}`, accept: 'application/json' },
      ...(signal === undefined ? {} : { signal }),
    });
    if (res.status === 404)
      throw new ProviderError(this.name, 'unknown_symbol', `${describeRequest(url)}: no ticker ${ticker}`, {
        status: 404,
      });
    return okJson(this.name, url, res);
  }
}
