import type { ApiPath, QueryOf, ResponseOf } from './api-types.js';
import { ndjsonLines } from './ndjson-lines.js';
import { BellwetherTransportError } from './problem.js';
import type { QueryValue, Transport } from './transport.js';

type Query = Readonly<Record<string, QueryValue>>;
/** The list routes that page with `next_cursor`. */
type PagedPath = '/api/v1/instruments' | '/api/v1/corporate-actions' | '/api/v1/news';
type BarsQuery = QueryOf<'/api/v1/bars'> & Query;

/** One daily bar as /bars streams it (NDJSON), with its ticker, adjustment and source. */
export interface BarLine {
  readonly ticker: string;
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly adjustment: 'raw' | 'split' | 'split_div';
  readonly source: string;
}

async function send<P extends ApiPath>(
  transport: Transport,
  path: P,
  query: Query | undefined,
  signal: AbortSignal | undefined,
): Promise<ResponseOf<P>> {
  const r = await transport.send<ResponseOf<P>>({
    method: 'GET',
    path: path.replace(/^\/api\/v1/, ''),
    ...(query === undefined ? {} : { query }),
    ...(signal === undefined ? {} : { signal }),
  });
  return r.body as ResponseOf<P>;
}

/** Every page of a list, following `next_cursor` until `has_more` is false. */
async function* pages<P extends PagedPath>(
  transport: Transport,
  path: P,
  query: Query,
  signal: AbortSignal | undefined,
): AsyncGenerator<ResponseOf<P>> {
  let q = query;
  for (;;) {
    const page = await send(transport, path, q, signal);
    yield page;
    const { has_more, next_cursor } = page as { has_more: boolean; next_cursor: string | null };
    if (!has_more || next_cursor === null) return;
    q = { ...query, cursor: next_cursor };
  }
}

/** What can be asked about: `instruments.search({ q: 'apple' })`, `instruments.get('AAPL')`. */
export class InstrumentsResource {
  constructor(private readonly transport: Transport) {}

  /** One page of instruments: ranked by `q` when given (each says how it matched), else by ticker. */
  search(query: QueryOf<'/api/v1/instruments'> & Query = {}, signal?: AbortSignal) {
    return send(this.transport, '/api/v1/instruments', query, signal);
  }

  /** Every page of a search or listing. */
  pages(query: QueryOf<'/api/v1/instruments'> & Query = {}, signal?: AbortSignal) {
    return pages(this.transport, '/api/v1/instruments', query, signal);
  }

  /** One instrument with its bars, splits and dividends counted; an unknown ticker is a 404 problem with a `suggestion`. */
  get(ticker: string, signal?: AbortSignal) {
    const path = `/api/v1/instruments/${encodeURIComponent(ticker)}` as '/api/v1/instruments/{ticker}';
    return send(this.transport, path, undefined, signal);
  }
}

/** Daily OHLCV: `bars.get({ ticker: 'AAPL', from: '2024-01-02' })`, or `bars.stream(…)` for large pulls. */
export class BarsResource {
  constructor(private readonly transport: Transport) {}

  /** Each ticker's bars as columns (`dates`, `open`, …) beside its source, adjustment and freshness. */
  get(query: BarsQuery, signal?: AbortSignal) {
    return send(this.transport, '/api/v1/bars', { ...query, format: 'json' }, signal);
  }

  /**
   * The bars streamed as NDJSON, one at a time without holding them all (up to the stream cap, above the
   * JSON one). No per-request timeout; end it early with `signal`.
   */
  async *stream(query: BarsQuery, signal?: AbortSignal): AsyncGenerator<BarLine> {
    const r = await this.transport.send(
      {
        method: 'GET',
        path: '/bars',
        query: { ...query, format: 'ndjson' },
        headers: { accept: 'application/x-ndjson' },
        timeoutMs: 0,
        ...(signal === undefined ? {} : { signal }),
      },
      true,
    );
    const body = r.response.body;
    if (body === null) return;
    for await (const line of ndjsonLines(body, signal)) yield parseBar(line);
  }
}

function parseBar(line: string): BarLine {
  try {
    return JSON.parse(line) as BarLine;
  } catch (cause) {
    throw new BellwetherTransportError(`/bars sent a line that is not JSON: ${line.slice(0, 120)}`, {
      cause,
    });
  }
}

/** Splits and dividends by ex-date, the actions adjusted prices are computed from. */
export class CorporateActionsResource {
  constructor(private readonly transport: Transport) {}

  list(query: QueryOf<'/api/v1/corporate-actions'> & Query = {}, signal?: AbortSignal) {
    return send(this.transport, '/api/v1/corporate-actions', query, signal);
  }

  pages(query: QueryOf<'/api/v1/corporate-actions'> & Query = {}, signal?: AbortSignal) {
    return pages(this.transport, '/api/v1/corporate-actions', query, signal);
  }
}

/** Stored news, newest first, each with its sentiment score and the model's version. */
export class NewsResource {
  constructor(private readonly transport: Transport) {}

  list(query: QueryOf<'/api/v1/news'> & Query = {}, signal?: AbortSignal) {
    return send(this.transport, '/api/v1/news', query, signal);
  }

  pages(query: QueryOf<'/api/v1/news'> & Query = {}, signal?: AbortSignal) {
    return pages(this.transport, '/api/v1/news', query, signal);
  }
}
