import { Readable } from 'node:stream';
import { csvField, FEED_COLUMNS, pathValue } from '../../../cards/feed-columns.js';
import { iso } from '../../../clock/iso.js';
import { validDate } from '../../../clock/valid-date.js';
import type { FeedDataset, FeedRecord } from '../../../db/records.js';
import type { FeedQuery } from '../../../db/repositories.js';
import { nextTurn } from '../../../event-loop-turns.js';
import { TICKER_SHAPE } from '../../../market/validate-ticker.js';
import { invalidFields, ProblemError } from '../../../problems/problem-error.js';
import { answerStream, type Piece, piece } from '../../analytics/answer-stream.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { parseInstantParam } from '../../schemas/instant.js';
import { UNIVERSE_STATEMENT_SCHEMA } from '../../schemas/universe-statement.js';

const DATASETS: readonly FeedDataset[] = ['cards', 'signals', 'analytics'];
const FORMATS = ['json', 'ndjson', 'csv'] as const;
type Format = (typeof FORMATS)[number];
const FEED_PAGE_DEFAULT = 1000;
const FEED_PAGE_MAX = 10_000;
/**
 * Rows read from the database per query, for streams and pages alike: one read and its formatting take
 * about a millisecond of the event loop (~11 µs a row; 5,000 rows took 38 ms + 14 ms), and other
 * requests are served between reads (ADR 0061). Streams hold about one read in memory whatever the pull.
 */
const READ_CHUNK = 100;
/** ~550 bytes a signals row; pages above the default count as large answers (AnswerSlots). */
const ROW_BYTES = 550;
const MAX_TICKERS = 100;

const QUERY = {
  type: 'object',
  properties: {
    dataset: {
      type: 'string',
      enum: [...DATASETS],
      description:
        'cards: published cards, again with their outcome once known; signals: daily per-ticker factor snapshots; analytics: daily per-ticker one-year risk and liquidity snapshots (signals and analytics records state the `universe` their session drew from)',
      examples: ['signals'],
    },
    since: {
      type: 'integer',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 0,
      description:
        'Incremental sync: only versions after this seq (the last seq you stored, or a previous sync_token). Versions are numbered in commit order, so nothing committed later can appear below it',
    },
    cursor: { type: 'string', maxLength: 200, description: 'The next_cursor of the previous JSON page' },
    as_of: {
      type: 'string',
      description:
        'Point in time: only versions recorded at or before this instant (ISO-8601 with Z or an offset, or a date meaning its end in UTC; default now)',
    },
    from: {
      type: 'string',
      description:
        'First session (inclusive), YYYY-MM-DD. A full read (no since, no cursor) of a range outside every stored session is a 422 `no_data` naming the sessions the dataset covers',
    },
    to: { type: 'string', description: 'Last session (inclusive), YYYY-MM-DD' },
    tickers: {
      type: 'string',
      description: `Only these tickers (comma-separated, at most ${MAX_TICKERS}; e.g. VZN,PLST on the synthetic demo)`,
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100_000_000,
      description: `JSON: rows per page (default ${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX}); NDJSON/CSV: rows streamed (default all)`,
    },
    format: {
      type: 'string',
      enum: [...FORMATS],
      description: 'Instead of Accept: json, ndjson (application/x-ndjson) or csv (text/csv)',
    },
  },
  required: ['dataset'],
  additionalProperties: false,
} as const;

const EXAMPLE = {
  dataset: 'signals',
  as_of: '2026-11-25T12:00:00Z',
  since: 0,
  sync_token: 1520,
  has_more: true,
  next_cursor: 'eyJhIjoxMDAwLCJ0IjoxNTIwfQ',
  count: 1,
  data: [
    {
      seq: 1,
      key: '2026-11-24:VZN',
      session: '2026-11-24',
      ticker: 'VZN',
      recorded_at: '2026-11-24T13:30:00Z',
      record: {
        session: '2026-11-24',
        ticker: 'VZN',
        data_through: '2026-11-21',
        trend: { regime: 'uptrend' },
        universe: { kind: 'static', tickers: 12, source: 'every active instrument' },
      },
    },
  ],
};

const invalid = (pointer: string, detail: string) => invalidFields([{ pointer, detail }]);

/** A page position: after this seq, up to the request's fixed upper bound, in one dataset. */
function encodeCursor(dataset: FeedDataset, after: number, through: number): string {
  return Buffer.from(JSON.stringify({ d: dataset, a: after, t: through })).toString('base64url');
}

/** The cursor's position; a cursor of another dataset (whose seqs mean nothing here) is refused. */
function decodeCursor(raw: string, dataset: FeedDataset): { after: number; through: number } {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as {
      d?: unknown;
      a?: unknown;
      t?: unknown;
    };
    if (c.d !== dataset && typeof c.d === 'string')
      throw invalid('/query/cursor', `is a cursor of the ${c.d} dataset, not of ${dataset}`);
    if (
      c.d === dataset &&
      Number.isSafeInteger(c.a) &&
      Number.isSafeInteger(c.t) &&
      (c.a as number) >= 0 &&
      (c.t as number) >= (c.a as number)
    )
      return { after: c.a as number, through: c.t as number };
  } catch (err) {
    if (err instanceof ProblemError) throw err;
    // anything else falls through to the problem below
  }
  throw invalid('/query/cursor', 'is not a cursor this feed issued');
}

function formatOf(q: Record<string, unknown>, accept: string | undefined): Format {
  if (typeof q.format === 'string') return q.format as Format;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('application/x-ndjson')) return 'ndjson';
  if (a.includes('text/csv') && !a.includes('application/json')) return 'csv';
  return 'json';
}

function asOfOf(raw: unknown, now: Date): string {
  if (raw === undefined) return iso(now);
  const s = String(raw).trim();
  const t = validDate(s) ? Date.parse(`${s}T23:59:59.999Z`) : parseInstantParam(s);
  if (t === undefined)
    throw invalid(
      '/query/as_of',
      'must be an ISO-8601 instant with Z or an offset (2026-11-24T21:00:00Z) or a date YYYY-MM-DD',
    );
  // Second resolution, written as the feed's recorded_at is (ISO-8601 without milliseconds).
  return iso(Math.min(t, now.getTime()));
}

/** 422 no_data for a full read of a range outside the sessions the dataset holds (for its tickers, as of). */
async function noVersions(
  deps: AppDeps,
  query: Omit<FeedQuery, 'after' | 'limit'>,
  from: string | undefined,
  to: string | undefined,
): Promise<ProblemError> {
  const { from: _from, to: _to, ...rest } = query;
  const span = await deps.storage.feed.sessionSpan(rest);
  const range = `${from ?? '…'} … ${to ?? '…'}`;
  const whose = query.tickers === undefined ? '' : ` for ${query.tickers.join(', ')}`;
  return new ProblemError(
    'no_data',
    span === undefined
      ? `The ${query.dataset} dataset holds nothing${whose} recorded by ${query.recordedThrough ?? 'now'}: no session, in ${range} or any other.`
      : `The ${query.dataset} dataset holds no session in ${range}${whose}: its sessions run ${span.first} … ${span.last}.`,
    { extras: { data_covers: [{ from: span?.first ?? null, to: span?.last ?? null }] } },
  );
}

/** A stored version as served: its position, identity, and the record itself. */
function view(r: FeedRecord) {
  return `{"seq":${r.seq},"key":${JSON.stringify(r.record_key)},"session":${JSON.stringify(r.session)},"ticker":${JSON.stringify(r.ticker)},"recorded_at":${JSON.stringify(r.recorded_at)},"record":${r.payload}}`;
}

function csvRow(r: FeedRecord, columns: readonly string[]): string {
  const record = JSON.parse(r.payload) as unknown;
  return `${[r.seq, r.record_key, r.recorded_at].map(csvField).join(',')},${columns.map((c) => csvField(pathValue(record, c))).join(',')}\r\n`;
}

/**
 * GET /hedge-fund — the institutional feed: whole-universe, point-in-time datasets as an append-only log of
 * record versions numbered in commit order. Mirror with since=0 (paging with next_cursor, or one NDJSON/CSV
 * stream), then sync with since=<last seq>: no gap and no duplicate, also while a publication is written.
 */
export function hedgeFundRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/hedge-fund',
    operationId: 'getInstitutionalFeed',
    entitlement: 'institutional_feed',
    billable: true,
    summary: 'Institutional data feed (bulk, point-in-time)',
    description:
      'Bulk, point-in-time datasets of the whole universe — `cards` (published cards, re-issued with their outcome once known), `signals` (per-ticker factor snapshots of every session: trend, momentum, volatility, liquidity, news sentiment) and `analytics` (per-ticker one-year risk and liquidity) — each version written once, at publication, from data through the previous close. Versions are numbered (`seq`) in commit order: mirror from since=0, then sync from the last seq you stored, with no gap and no duplicate. JSON pages (`next_cursor`), or `Accept: application/x-ndjson` / `text/csv` (or `format=`) streamed in seq order with flat memory.',
    tags: ['institutional'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          description: 'A JSON page, or an NDJSON/CSV stream (one version per line, in seq order)',
          type: 'object',
          additionalProperties: true,
          required: ['dataset', 'as_of', 'since', 'sync_token', 'has_more', 'next_cursor', 'count', 'data'],
          properties: {
            dataset: { type: 'string' },
            as_of: { type: 'string' },
            since: { type: 'integer' },
            sync_token: { type: 'integer', description: 'Pass as since= next time, once every page is read' },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'] },
            count: { type: 'integer' },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['seq', 'key', 'session', 'ticker', 'recorded_at', 'record'],
                properties: {
                  seq: { type: 'integer' },
                  key: { type: 'string' },
                  session: { type: 'string' },
                  ticker: { type: 'string' },
                  recorded_at: { type: 'string' },
                  record: {
                    type: 'object',
                    additionalProperties: true,
                    properties: {
                      universe: {
                        ...UNIVERSE_STATEMENT_SCHEMA,
                        description: `signals and analytics: the universe the session's publication drew from, members counted on the session (those scanned with data through the previous close). ${UNIVERSE_STATEMENT_SCHEMA.description}. Absent from versions recorded before it was stated`,
                      },
                    },
                  },
                },
              },
            },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const dataset = q.dataset as FeedDataset;
      const format = formatOf(q, request.headers.accept);
      const now = deps.clock.now();
      const recordedThrough = asOfOf(q.as_of, now);
      const from = typeof q.from === 'string' ? q.from.trim() : undefined;
      const to = typeof q.to === 'string' ? q.to.trim() : undefined;
      if (from !== undefined && !validDate(from)) throw invalid('/query/from', 'must be a date YYYY-MM-DD');
      if (to !== undefined && !validDate(to)) throw invalid('/query/to', 'must be a date YYYY-MM-DD');
      if (from !== undefined && to !== undefined && from > to)
        throw invalid('/query/from', `is after to (${to})`);
      let tickers: string[] | undefined;
      if (typeof q.tickers === 'string') {
        tickers = [...new Set(q.tickers.split(',').map((t) => t.trim().toUpperCase()))].filter(
          (t) => t !== '',
        );
        // As on the analytics routes: a tickers filter that names no ticker is a mistake, not "all".
        if (tickers.length === 0) throw invalid('/query/tickers', 'names no ticker');
        const bad = tickers.findIndex((t) => !TICKER_SHAPE.test(t));
        if (bad >= 0) throw invalid(`/query/tickers/${bad}`, 'must be 1–20 letters, digits or . ^ = -');
        if (tickers.length > MAX_TICKERS)
          throw invalid('/query/tickers', `names ${tickers.length} tickers; at most ${MAX_TICKERS}`);
      }
      const limitRaw = q.limit === undefined ? undefined : Number(q.limit);
      if (format === 'json' && limitRaw !== undefined && limitRaw > FEED_PAGE_MAX)
        throw invalid(
          '/query/limit',
          `a JSON page holds at most ${FEED_PAGE_MAX} rows; stream NDJSON or CSV for more`,
        );
      const since = q.since === undefined ? 0 : Number(q.since);
      let position: { after: number; through: number };
      if (typeof q.cursor === 'string') position = decodeCursor(q.cursor, dataset);
      else {
        const head = await deps.storage.feed.head(dataset);
        // A position past the last version would be handed back as the sync token, and a client that
        // stored it would never receive the versions numbered up to it.
        if (since > head)
          throw invalid(
            '/query/since',
            `is past the ${dataset} dataset's last version (${head}); sync from a seq or sync_token this feed returned`,
          );
        // The token: everything up to it was recorded by `as_of`, so a client that stores it and syncs on
        // from it later receives the versions recorded since, none skipped.
        const later = await deps.storage.feed.firstRecordedAfter(dataset, recordedThrough);
        position = {
          after: since,
          through: Math.max(since, later === undefined ? head : Math.min(head, later - 1)),
        };
      }
      const base: Omit<FeedQuery, 'after' | 'limit'> = {
        dataset,
        through: position.through,
        recordedThrough,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        ...(tickers === undefined ? {} : { tickers }),
      };
      // A full read of a range in which the dataset holds nothing: say which sessions it does hold.
      if ((from !== undefined || to !== undefined) && typeof q.cursor !== 'string' && position.after === 0) {
        const [first] = await deps.storage.feed.page({ ...base, after: 0, limit: 1 });
        if (first === undefined) throw await noVersions(deps, base, from, to);
      }
      reply.header('bellwether-feed-sync-token', String(position.through));

      if (format === 'json') {
        const limit = limitRaw ?? FEED_PAGE_DEFAULT;
        deps.answers.take(request, reply, limit * ROW_BYTES);
        // Read in chunks with turns between them; the page is one consistent set (its fixed `through`).
        const rows: FeedRecord[] = [];
        let after = position.after;
        while (rows.length < limit + 1) {
          await nextTurn();
          const chunk = await deps.storage.feed.page({
            ...base,
            after,
            limit: Math.min(READ_CHUNK, limit + 1 - rows.length),
          });
          rows.push(...chunk);
          if (chunk.length === 0) break;
          after = chunk.at(-1)?.seq as number;
        }
        const page = rows.slice(0, limit);
        const more = rows.length > limit;
        const last = page.at(-1)?.seq ?? position.through;
        const head = `{"dataset":${JSON.stringify(dataset)},"as_of":${JSON.stringify(iso(now))},"recorded_through":${JSON.stringify(recordedThrough)},"since":${position.after},"sync_token":${position.through},"has_more":${more},"next_cursor":${more ? JSON.stringify(encodeCursor(dataset, last, position.through)) : 'null'},"count":${page.length},"data":[`;
        async function* pieces(): AsyncGenerator<Piece> {
          yield piece(head);
          for (let i = 0; i < page.length; i += READ_CHUNK)
            yield piece(
              `${i === 0 ? '' : ','}${page
                .slice(i, i + READ_CHUNK)
                .map(view)
                .join(',')}`,
            );
          yield piece(']}');
        }
        return reply.type('application/json; charset=utf-8').send(answerStream(pieces()));
      }

      const total = limitRaw ?? Number.POSITIVE_INFINITY;
      deps.answers.take(request, reply, total * ROW_BYTES);
      const columns = FEED_COLUMNS[dataset];
      const feed = deps.storage.feed;
      async function* lines(): AsyncGenerator<string> {
        if (format === 'csv') yield `${['seq', 'key', 'recorded_at', ...columns].join(',')}\r\n`;
        let after = position.after;
        let left = total;
        while (left > 0) {
          await nextTurn();
          const chunk = await feed.page({ ...base, after, limit: Math.min(READ_CHUNK, left) });
          if (chunk.length === 0) return;
          yield chunk.map((r) => (format === 'csv' ? csvRow(r, columns) : `${view(r)}\n`)).join('');
          after = chunk.at(-1)?.seq as number;
          left -= chunk.length;
          if (chunk.length < READ_CHUNK) return;
        }
      }
      reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
      // Bytes, not objects: at most 64 KiB is read ahead of the socket.
      return reply.send(Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 }));
    },
  };
}
