import { splitQuoted } from '../../ingest/csv-records.js';
import { exchangeMic } from '../../reference/exchange-mic.js';
import type { BulkReferenceProvider, InstrumentReference, ReferenceField } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okText, providerGet } from '../provider-http.js';
import { throwIfNotice } from './alpha-vantage-notice.js';

const ALPHA_VANTAGE_BASE_URL = 'https://www.alphavantage.co';
const HEADER = 'symbol,name,exchange,assetType,ipoDate,delistingDate,status';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which listings an answer lists: those trading, or those that ended. */
export type ListingState = 'active' | 'delisted';

/**
 * Alpha Vantage's `LISTING_STATUS` (`/query?function=LISTING_STATUS&state=active|delisted&apikey=…`):
 * ONE CSV answer for every US stock and ETF listing, `symbol,name,exchange,assetType,ipoDate,delistingDate,
 * status`, `null` where a date is unknown (an active listing's delisting date), quoted names where they hold
 * a comma. One request costs one from the key's budget (25 a day on the free tier) whatever the universe.
 * Each listing becomes a reference: its name, its exchange as a MIC, `active` (status `Active`), and
 * `delisted_on`. A symbol listed, delisted and listed again by another company appears more than once;
 * the latest delisting is kept (the sync never applies a delisting dated before a ticker's last bar).
 * A rate limit, a plan or key refusal come as Alpha Vantage's HTTP-200 JSON notices (`throwIfNotice`);
 * a body that is neither JSON nor this CSV, or a row that does not read (a truncated answer), is
 * `malformed`: nothing of it is used.
 */
export class AlphaVantageListings implements BulkReferenceProvider {
  readonly name = 'alphavantage';
  /** Asked for listing status only: it names and places delisted listings, not the trading ones. */
  readonly referenceFields: readonly ReferenceField[];

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = ALPHA_VANTAGE_BASE_URL,
    private readonly state: ListingState = 'delisted',
  ) {
    this.referenceFields = state === 'delisted' ? ['active'] : ['name', 'exchange', 'active'];
  }

  async references(signal?: AbortSignal): Promise<ReadonlyMap<string, InstrumentReference>> {
    const url = new URL('/query', this.baseUrl);
    url.search = new URLSearchParams({
      function: 'LISTING_STATUS',
      state: this.state,
      apikey: this.apiKey,
    }).toString();
    const res = await providerGet(this.name, url, signal === undefined ? {} : { signal });
    const where = describeRequest(url);
    const text = okText(this.name, url, res).replace(/^\uFEFF/, '');
    if (text.trimStart().startsWith('{')) {
      let o: unknown;
      try {
        o = JSON.parse(text);
      } catch {
        throw new ProviderError(this.name, 'malformed', `${where}: the body is neither CSV nor JSON`);
      }
      if (typeof o === 'object' && o !== null)
        throwIfNotice(this.name, where, o as Record<string, unknown>, undefined);
      throw new ProviderError(this.name, 'malformed', `${where}: JSON instead of the listings CSV`);
    }
    const lines = text.split(/\r?\n/);
    if (lines[0]?.trim() !== HEADER)
      throw new ProviderError(this.name, 'malformed', `${where}: not the listings CSV header`);
    const out = new Map<string, InstrumentReference>();
    for (const [i, line] of lines.entries()) {
      if (i === 0 || line.trim() === '') continue;
      const ref = listing(line);
      if (ref === undefined)
        throw new ProviderError(this.name, 'malformed', `${where}: line ${i + 1} does not read`);
      const seen = out.get(ref.ticker);
      // A symbol used twice: the listing that ended last (an active one beats any that ended).
      if (seen === undefined || later(ref, seen)) out.set(ref.ticker, ref);
    }
    return out;
  }
}

/** One CSV row as a reference; undefined when it does not read (wrong field count, a bad date or status). */
function listing(line: string): InstrumentReference | undefined {
  const f = line.indexOf('"') === -1 ? line.split(',') : splitQuoted(line);
  if (f.length !== 7) return undefined;
  const [symbol, name, exchange, , ipo, delisted, status] = f.map((x) => x.trim()) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const active = status === 'Active' ? true : status === 'Delisted' ? false : undefined;
  const date = (s: string) => s === 'null' || s === '' || DATE.test(s);
  if (symbol === '' || active === undefined || !date(ipo) || !date(delisted)) return undefined;
  const mic = exchangeMic(exchange);
  return {
    ticker: symbol.toUpperCase(),
    ...(name === '' ? {} : { name }),
    ...(mic === undefined ? {} : { exchange: mic }),
    active,
    ...(!active && DATE.test(delisted) ? { delisted_on: delisted } : {}),
  };
}

const later = (a: InstrumentReference, b: InstrumentReference): boolean =>
  b.active === true ? false : a.active === true || (a.delisted_on ?? '') > (b.delisted_on ?? '');
