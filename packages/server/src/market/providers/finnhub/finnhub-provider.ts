import { localDateOf } from '../../calendar/local-time.js';
import type { Bar, CorporateAction } from '../../ingest/types.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest } from '../provider-http.js';
import { FINNHUB_BASE_URL, finnhubGet } from './finnhub-get.js';
import { unadjustedSplit, unadjustSplits } from './unadjust-splits.js';

const CANDLE_FIELDS = ['t', 'o', 'h', 'l', 'c', 'v'] as const;

type Json = Record<string, unknown>;

const isDate = (x: unknown): x is string => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x);
const unixSeconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

/**
 * Finnhub's daily candles (`/api/v1/stock/candle?symbol=&resolution=D&from=&to=`, UNIX seconds) read
 * back to the prices as traded, with splits (`/api/v1/stock/split`) and cash dividends
 * (`/api/v1/stock/dividend`) as the actions: basis `raw` (ADR 0077). All three are paid-plan endpoints;
 * the key travels in the `X-Finnhub-Token` header, never in a URL. What the format does not say:
 * - daily candles are adjusted for splits (not dividends) as of Finnhub's latest data, so splits are read
 *   from the range's start to today (New York) and every candle before a split is multiplied back by its
 *   ratio, its volume divided ({@link unadjustSplits}); a series that jumps at a split as if it had not
 *   been adjusted is refused as malformed rather than multiplied twice;
 * - a candle's `t` is the session's date at midnight (UTC or New York, both read as that date in UTC);
 * - an unknown symbol answers `{"s":"no_data"}` like a range without sessions: both read as no bars;
 * - a plan without an endpoint answers 403 (`{"error":"You don't have access to this resource."}`),
 *   read as `unauthorized` naming the endpoint; the free tier's limit (60 calls a minute, 30 a second)
 *   answers 429.
 * Dividends are the paid `amount` on the ex-date (`date`), not Finnhub's split-`adjustedAmount`.
 */
export class FinnhubProvider implements MarketDataProvider {
  readonly name = 'finnhub';

  constructor(
    private readonly token: string,
    private readonly baseUrl = FINNHUB_BASE_URL,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer> {
    const symbol = ticker.toUpperCase();
    const candles = this.#url('/api/v1/stock/candle', {
      symbol,
      resolution: 'D',
      from: unixSeconds(`${range.from}T00:00:00Z`),
      to: unixSeconds(`${range.to}T23:59:59Z`),
    });
    const adjusted = this.#candles(candles, await this.#get(candles, signal), range);
    if (adjusted.length === 0) return { ticker, bars: [], basis: 'raw', actions: [] };
    // Candles are adjusted for every split up to now, after the range too.
    const today = localDateOf('America/New_York', this.now());
    const splitsUrl = this.#url('/api/v1/stock/split', {
      symbol,
      from: range.from,
      to: today > range.to ? today : range.to,
    });
    const splits = this.#splits(splitsUrl, await this.#get(splitsUrl, signal)).filter((s) => s.date <= today);
    const dividendsUrl = this.#url('/api/v1/stock/dividend', { symbol, from: range.from, to: range.to });
    const dividends = this.#dividends(dividendsUrl, await this.#get(dividendsUrl, signal));
    const jump = unadjustedSplit(adjusted, splits);
    if (jump !== undefined)
      throw new ProviderError(
        this.name,
        'malformed',
        `${describeRequest(candles)}: the candles jump at the ${jump.date} split as if not split-adjusted`,
      );
    const actions = [...splits, ...dividends]
      .filter((a) => a.date >= range.from && a.date <= range.to)
      .sort((a, b) => (a.date === b.date ? a.kind.localeCompare(b.kind) : a.date < b.date ? -1 : 1));
    return { ticker, bars: unadjustSplits(adjusted, splits), basis: 'raw', actions };
  }

  /** The candles of the range as Finnhub gave them (split-adjusted), ascending; `no_data` is none. */
  #candles(url: URL, body: unknown, range: DateRange): Bar[] {
    const where = describeRequest(url);
    const b = body as Json | null;
    if (typeof b !== 'object' || b === null || (b.s !== 'ok' && b.s !== 'no_data'))
      throw new ProviderError(this.name, 'malformed', `${where}: no candle status`);
    if (b.s === 'no_data') return [];
    const cols = CANDLE_FIELDS.map((f) => b[f]);
    const n = Array.isArray(b.t) ? b.t.length : -1;
    if (!cols.every((c) => Array.isArray(c) && c.length === n))
      throw new ProviderError(this.name, 'malformed', `${where}: t, o, h, l, c and v differ in length`);
    const [t, o, h, l, c, v] = cols as number[][];
    const bars: Bar[] = [];
    for (let i = 0; i < n; i++) {
      const row = [t, o, h, l, c, v].map((col) => (col as number[])[i]);
      if (!row.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new ProviderError(this.name, 'malformed', `${where}: candle ${i} is not numeric`);
      const [ts, open, high, low, close, volume] = row as number[];
      const date = new Date((ts as number) * 1000).toISOString().slice(0, 10);
      if (date < range.from || date > range.to) continue;
      if (bars.length > 0 && date <= (bars.at(-1) as Bar).date)
        throw new ProviderError(this.name, 'malformed', `${where}: ${date} is out of order`);
      bars.push({
        date,
        open: open as number,
        high: high as number,
        low: low as number,
        close: close as number,
        volume: volume as number,
      });
    }
    return bars;
  }

  /** `[{symbol, date, fromFactor, toFactor}]` as splits of `toFactor / fromFactor` new shares per old. */
  #splits(url: URL, body: unknown): CorporateAction[] {
    if (!Array.isArray(body))
      throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: expected a list of splits`);
    const out: CorporateAction[] = [];
    for (const s of body as Json[]) {
      const from = s?.fromFactor;
      const to = s?.toFactor;
      if (!isDate(s?.date) || !(typeof from === 'number' && from > 0) || !(typeof to === 'number' && to > 0))
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(url)}: a split lacks its date or factors`,
        );
      if (to !== from) out.push({ date: s.date as string, kind: 'split', value: to / from });
    }
    return out;
  }

  /** `[{symbol, date (ex-date), amount, adjustedAmount, …}]` as cash dividends of `amount` as paid. */
  #dividends(url: URL, body: unknown): CorporateAction[] {
    if (!Array.isArray(body))
      throw new ProviderError(
        this.name,
        'malformed',
        `${describeRequest(url)}: expected a list of dividends`,
      );
    const out: CorporateAction[] = [];
    for (const d of body as Json[]) {
      const amount = d?.amount;
      if (!isDate(d?.date) || !(typeof amount === 'number' && amount >= 0))
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(url)}: a dividend lacks its date or amount`,
        );
      if (amount > 0) out.push({ date: d.date as string, kind: 'dividend', value: amount });
    }
    return out;
  }

  #url(path: string, query: Record<string, string>): URL {
    const url = new URL(path, this.baseUrl);
    url.search = new URLSearchParams(query).toString();
    return url;
  }

  /** One GET with the key in its header; a 403 says the key's plan lacks the endpoint. */
  async #get(url: URL, signal: AbortSignal | undefined): Promise<unknown> {
    try {
      return await finnhubGet(this.name, url, this.token, signal);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 403)
        throw new ProviderError(
          this.name,
          'unauthorized',
          `${describeRequest(url)} answered 403: the key's Finnhub plan does not include ${url.pathname}`,
          { status: 403 },
        );
      throw error;
    }
  }
}
