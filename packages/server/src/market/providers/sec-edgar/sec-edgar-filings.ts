import { iso } from '../../../clock/iso.js';
import { exchangeMic } from '../../reference/exchange-mic.js';
import { sicSector } from '../../reference/sic-sector.js';
import type { NewsRow } from '../../store/types.js';
import type { DateRange, InstrumentReference, NewsProvider, ReferenceProvider } from '../provider.js';
import { ProviderError } from '../provider-error.js';
import { describeRequest, okJson, providerGet } from '../provider-http.js';
import { cik10, companyTickers, type EdgarCompany } from './company-tickers.js';
import { secUserAgent } from './sec-fair-access.js';

const SEC_WWW_URL = 'https://www.sec.gov';
const SEC_DATA_URL = 'https://data.sec.gov';

/** Forms read as news by default: events, periodic reports, registrations, ownership above 5 %, proxies. */
const DEFAULT_FORMS = [
  '8-K',
  '10-Q',
  '10-K',
  '6-K',
  '20-F',
  '40-F',
  'S-1',
  'S-4',
  'SC 13D',
  'SC 13G',
  'DEF 14A',
];

type Json = Record<string, unknown>;

/** A company's reference from its submissions: name, listing, SIC code read as a sector. */
function companyReference(ticker: string, title: string, body: Json): InstrumentReference {
  const sic = Number(body.sic);
  const sector = Number.isInteger(sic) && sic > 0 ? sicSector(sic) : null;
  const exchanges = Array.isArray(body.exchanges) ? body.exchanges : [];
  const mic = typeof exchanges[0] === 'string' ? exchangeMic(exchanges[0]) : undefined;
  return {
    ticker,
    name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : title,
    ...(mic === undefined ? {} : { exchange: mic }),
    ...(sector === null ? {} : { sector }),
    ...(typeof body.sicDescription === 'string' && body.sicDescription !== ''
      ? { industry: body.sicDescription }
      : {}),
  };
}

/**
 * SEC EDGAR filings as dated news items for the issuer's ticker: the ticker's CIK from
 * `www.sec.gov/files/company_tickers.json` (read once), its filings from
 * `data.sec.gov/submissions/CIK##########.json` (`filings.recent`, column arrays). No key; the SEC
 * requires a descriptive `User-Agent` with a contact address (requests without one are refused with 403)
 * and at most 10 requests a second (the sync's budget). Each item: id `sec:<accession>`, published at
 * the filing's acceptance time (its filing date when absent), a headline naming the form and its
 * description, and the primary document's address. Amendments (`10-K/A`) count as their form.
 * `recent` holds a company's last ~1,000 filings: older ones are not read.
 */
export class SecEdgarFilings implements NewsProvider, ReferenceProvider {
  readonly name = 'sec-edgar';
  readonly referenceFields = ['name', 'exchange', 'sector', 'industry'] as const;
  #ciks: Promise<Map<string, EdgarCompany>> | undefined;
  /** References read with the news (the same submissions document), so `reference` need not ask again. */
  readonly #references = new Map<string, InstrumentReference>();

  constructor(
    private readonly userAgent: string,
    private readonly urls = { www: SEC_WWW_URL, data: SEC_DATA_URL },
    private readonly forms: readonly string[] = DEFAULT_FORMS,
  ) {
    secUserAgent(userAgent);
  }

  async news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]> {
    const company = (await this.#cikTable(signal)).get(ticker.toUpperCase());
    if (company === undefined) throw new ProviderError(this.name, 'unknown_symbol', `no CIK for ${ticker}`);
    const url = this.#submissionsUrl(company.cik);
    const body = await this.#json(url, signal);
    this.#references.set(ticker.toUpperCase(), companyReference(ticker.toUpperCase(), company.title, body));
    const recent = (body.filings as Json | undefined)?.recent as Record<string, unknown[]> | undefined;
    const col = (name: string): unknown[] => {
      const c = recent?.[name];
      if (!Array.isArray(c))
        throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: no filings.recent.${name}`);
      return c;
    };
    const [accession, filed, accepted, form, doc, description] = [
      col('accessionNumber'),
      col('filingDate'),
      col('acceptanceDateTime'),
      col('form'),
      col('primaryDocument'),
      col('primaryDocDescription'),
    ];
    const items: NewsRow[] = [];
    for (let i = 0; i < accession.length; i++) {
      const [acc, date, f] = [accession[i], filed[i], form[i]];
      if (
        typeof acc !== 'string' ||
        typeof date !== 'string' ||
        typeof f !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(date)
      )
        throw new ProviderError(
          this.name,
          'malformed',
          `${describeRequest(url)}: filing ${i} lacks its accession, date or form`,
        );
      if (date < range.from || date > range.to || !this.forms.includes(f.replace(/\/A$/, ''))) continue;
      const at = accepted[i];
      const published =
        typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? iso(at) : `${date}T00:00:00Z`;
      const what =
        typeof description[i] === 'string' && description[i] !== '' ? `: ${description[i] as string}` : '';
      const d = doc[i];
      items.push({
        id: `sec:${acc}`,
        published_at: published,
        source: 'SEC EDGAR',
        headline: `${company.title} files ${f}${what}`,
        ...(typeof d === 'string' && d !== ''
          ? { url: `${SEC_WWW_URL}/Archives/edgar/data/${company.cik}/${acc.replaceAll('-', '')}/${d}` }
          : {}),
        tickers: [ticker.toUpperCase()],
      });
    }
    return items.sort((a, b) =>
      a.published_at < b.published_at ? -1 : a.published_at > b.published_at ? 1 : 0,
    );
  }

  /**
   * The issuer's name, listing and sector (its SIC code read as a sector, approximately: see sicSector);
   * from the submissions document the news already read when there is one.
   */
  async reference(ticker: string, signal?: AbortSignal): Promise<InstrumentReference> {
    const key = ticker.toUpperCase();
    const known = this.#references.get(key);
    if (known !== undefined) return known;
    const company = (await this.#cikTable(signal)).get(key);
    if (company === undefined) throw new ProviderError(this.name, 'unknown_symbol', `no CIK for ${ticker}`);
    const reference = companyReference(
      key,
      company.title,
      await this.#json(this.#submissionsUrl(company.cik), signal),
    );
    this.#references.set(key, reference);
    return reference;
  }

  #submissionsUrl(cik: number): URL {
    return new URL(`/submissions/CIK${cik10(cik)}.json`, this.urls.data);
  }

  #cikTable(signal: AbortSignal | undefined): Promise<Map<string, EdgarCompany>> {
    this.#ciks ??= (async () => {
      const url = new URL('/files/company_tickers.json', this.urls.www);
      const table = companyTickers(await this.#json(url, signal));
      if (table.size === 0)
        throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: no tickers`);
      return table;
    })();
    // A failed read is not kept: the next call reads the table again.
    this.#ciks.catch(() => {
      this.#ciks = undefined;
    });
    return this.#ciks;
  }

  async #json(url: URL, signal: AbortSignal | undefined): Promise<Json> {
    const res = await providerGet(this.name, url, {
      headers: { 'user-agent': this.userAgent, accept: 'application/json' },
      ...(signal === undefined ? {} : { signal }),
    });
    if (res.status === 404)
      throw new ProviderError(this.name, 'unknown_symbol', `${describeRequest(url)} answered 404`, {
        status: 404,
      });
    const body = okJson(this.name, url, res);
    if (typeof body === 'object' && body !== null) return body as Json;
    throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: expected an object`);
  }
}
