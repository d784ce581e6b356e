import type { QueryOf, ResponseOf } from './api-types.js';
import { ndjsonLines } from './ndjson-lines.js';
import { BellwetherTransportError } from './problem.js';
import type { QueryValue, Transport } from './transport.js';

type FeedQuery = QueryOf<'/api/v1/hedge-fund'> & Readonly<Record<string, QueryValue>>;
type FeedPage = ResponseOf<'/api/v1/hedge-fund'>;

/** One version of a feed record, as the feed serves it (in seq order). */
export interface FeedVersion<R = Record<string, unknown>> {
  /** Position in the feed: pass the last one you stored as `since` to sync what came after it. */
  readonly seq: number;
  /** The record this version belongs to (card id, or `<session>:<ticker>`): upsert by it. */
  readonly key: string;
  readonly session: string;
  readonly ticker: string;
  readonly recorded_at: string;
  readonly record: R;
}

/**
 * The institutional feed (`/hedge-fund`, Enterprise): mirror a dataset from `since: 0`, then sync from the
 * last `seq` you stored. Versions come in commit order, so a stored seq is a gap-free position.
 */
export class FeedResource {
  constructor(private readonly transport: Transport) {}

  /** Every JSON page of one sync (following `next_cursor`), ending with the page whose `has_more` is false. */
  async *pages(query: FeedQuery, signal?: AbortSignal): AsyncGenerator<FeedPage> {
    let q: Readonly<Record<string, QueryValue>> = query;
    for (;;) {
      const r = await this.transport.send<FeedPage>({
        method: 'GET',
        path: '/hedge-fund',
        query: q,
        ...(signal === undefined ? {} : { signal }),
      });
      const page = r.body as FeedPage;
      yield page;
      if (!page.has_more || typeof page.next_cursor !== 'string') return;
      const { since: _since, ...rest } = query;
      q = { ...rest, cursor: page.next_cursor };
    }
  }

  /**
   * The versions after `since`, streamed as NDJSON in seq order without holding them in memory. No
   * per-request timeout (a mirror can take minutes); end it early with `signal`.
   */
  async *stream<R = Record<string, unknown>>(
    query: FeedQuery,
    signal?: AbortSignal,
  ): AsyncGenerator<FeedVersion<R>> {
    const r = await this.transport.send(
      {
        method: 'GET',
        path: '/hedge-fund',
        query: { ...query, format: 'ndjson' },
        headers: { accept: 'application/x-ndjson' },
        timeoutMs: 0,
        ...(signal === undefined ? {} : { signal }),
      },
      true,
    );
    const body = r.response.body;
    if (body === null) return;
    for await (const line of ndjsonLines(body, signal)) yield parse<R>(line);
  }
}

function parse<R>(line: string): FeedVersion<R> {
  try {
    return JSON.parse(line) as FeedVersion<R>;
  } catch (cause) {
    throw new BellwetherTransportError(`the feed sent a line that is not JSON: ${line.slice(0, 120)}`, {
      cause,
    });
  }
}
