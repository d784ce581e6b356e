import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FundamentalFact } from '@bellwether/analytics';
import { ProviderError } from '../providers/provider-error.js';
import { describeRequest, providerStream } from '../providers/provider-http.js';
import { cik10, companyTickers, type EdgarCompany } from '../providers/sec-edgar/company-tickers.js';
import { secUserAgent } from '../providers/sec-edgar/sec-fair-access.js';
import { readCompanyFacts } from './read-company-facts.js';
import { CONCEPT_ITEMS } from './standard-concepts.js';
import { standardFacts } from './standard-facts.js';

const SEC_WWW_URL = 'https://www.sec.gov';
const SEC_DATA_URL = 'https://data.sec.gov';
/** A companyfacts document is read within this (Apple's ~4 MB takes about a second). */
const DOCUMENT_TIMEOUT_MS = 120_000;
/** SEC blocks a user over its request rate for ten minutes (longer while the excess goes on). */
const RATE_BLOCK_SECONDS = 600;

/** A company's standard items as its filings reported them, with the document's identity. */
export interface EdgarFundamentals {
  readonly ticker: string;
  readonly cik: number;
  readonly name: string;
  readonly facts: FundamentalFact[];
  /** Facts of the read concepts that lacked a date, value, accession or form (left out). */
  readonly unreadable: number;
}

async function text(body: ReadableStream<Uint8Array> | null): Promise<string> {
  return body === null ? '' : new Response(body).text();
}

/**
 * SEC EDGAR's XBRL company facts (`data.sec.gov/api/xbrl/companyfacts/CIK##########.json`): every fact
 * each filing reported, by concept, read as it streams (only the standard items' concepts are kept), the
 * ticker's CIK from `www.sec.gov/files/company_tickers.json` (read once, a failed read not kept). No key.
 * SEC asks for a User-Agent naming the operator with a contact address and at most 10 requests a second
 * (SEC_BUDGET, spent through callProvider by the caller). It answers 403 both to an undeclared tool
 * (`unauthorized`: retrying will not help) and to a user over the rate, whose page says "Request Rate
 * Threshold Exceeded" (`throttled` for the ten minutes SEC blocks); a 429 is `throttled`, a 5xx
 * `unavailable`. A CIK SEC does not know answers 404: `unknown_symbol`, as a ticker not in the table.
 */
export class EdgarCompanyFacts {
  readonly name = 'sec-edgar';
  #ciks: Promise<Map<string, EdgarCompany>> | undefined;

  constructor(
    private readonly userAgent: string,
    private readonly urls = { www: SEC_WWW_URL, data: SEC_DATA_URL },
  ) {
    secUserAgent(userAgent);
  }

  /**
   * SEC's ticker table (one request, the first time; kept once read). A caller spending SEC's budget reads
   * it first, as a request of its own: `fundamentals` then makes exactly one request.
   */
  companies(signal?: AbortSignal): Promise<ReadonlyMap<string, EdgarCompany>> {
    return this.#cikTable(signal);
  }

  async fundamentals(ticker: string, signal?: AbortSignal): Promise<EdgarFundamentals> {
    const key = ticker.toUpperCase();
    const company = (await this.#cikTable(signal)).get(key);
    if (company === undefined) throw new ProviderError(this.name, 'unknown_symbol', `no CIK for ${ticker}`);
    const url = new URL(`/api/xbrl/companyfacts/CIK${cik10(company.cik)}.json`, this.urls.data);
    const body = await this.#get(url, signal);
    let read: Awaited<ReturnType<typeof readCompanyFacts>>;
    try {
      read = await readCompanyFacts(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), (t, c, u) =>
        CONCEPT_ITEMS.has(`${t}/${c}/${u}`),
      );
    } catch (error) {
      if (signal?.aborted === true) throw error;
      // Not the parser's message: it may quote the body.
      throw new ProviderError(
        this.name,
        'malformed',
        `${describeRequest(url)}: the body is not a whole JSON document`,
      );
    }
    return {
      ticker: key,
      cik: company.cik,
      name: read.entityName ?? company.title,
      facts: standardFacts(read.facts),
      unreadable: read.unreadable,
    };
  }

  /** A 200's body, unread; EDGAR's refusals as the ProviderErrors they mean. */
  async #get(url: URL, signal: AbortSignal | undefined): Promise<ReadableStream<Uint8Array>> {
    const res = await providerStream(this.name, url, {
      headers: { 'user-agent': this.userAgent, accept: 'application/json' },
      timeoutMs: DOCUMENT_TIMEOUT_MS,
      readBodyOf: [403],
      ...(signal === undefined ? {} : { signal }),
    });
    const where = `${describeRequest(url)} answered ${res.status}`;
    if (res.status === 403) {
      const page = await text(res.body);
      throw /Request Rate Threshold Exceeded/i.test(page)
        ? new ProviderError(this.name, 'throttled', `${where}: over SEC's request rate`, {
            status: 403,
            retryAfterSeconds: RATE_BLOCK_SECONDS,
          })
        : new ProviderError(this.name, 'unauthorized', `${where}: SEC refused the User-Agent`, {
            status: 403,
          });
    }
    if (res.status === 404) throw new ProviderError(this.name, 'unknown_symbol', where, { status: 404 });
    if (res.body === null) throw new ProviderError(this.name, 'unavailable', where, { status: res.status });
    return res.body;
  }

  #cikTable(signal: AbortSignal | undefined): Promise<Map<string, EdgarCompany>> {
    this.#ciks ??= (async () => {
      const url = new URL('/files/company_tickers.json', this.urls.www);
      let body: unknown;
      try {
        body = JSON.parse(await text(await this.#get(url, signal)));
      } catch (error) {
        if (error instanceof ProviderError || signal?.aborted === true) throw error;
        throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: the body is not JSON`);
      }
      const table = companyTickers(body);
      if (table.size === 0)
        throw new ProviderError(this.name, 'malformed', `${describeRequest(url)}: no tickers`);
      return table;
    })();
    this.#ciks.catch(() => {
      this.#ciks = undefined;
    });
    return this.#ciks;
  }
}
