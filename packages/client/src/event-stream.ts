import { sleep } from './pacer.js';
import { BellwetherProblem, BellwetherTransportError } from './problem.js';
import { type SseMessage, SseParser } from './sse-parser.js';
import type { Transport } from './transport.js';

/** One event of the account's event stream (`GET /api/v1/events`). */
export interface StreamedEvent {
  /** Position in the stream: pass the last one you handled as `since` to resume after it. */
  readonly seq: number;
  /** `evt_…`: the same id a webhook delivery of this event carries. */
  readonly id: string;
  /** e.g. `cards.published`. */
  readonly type: string;
  /** When it happened (ISO 8601). */
  readonly timestamp: string;
  readonly data: unknown;
}

export interface EventStreamOptions {
  /** Start after this seq (the last one you handled); without it, the stream starts with what comes next. */
  readonly since?: number;
  /** Only these event types (default: all). */
  readonly types?: readonly string[];
  /** Ends the iteration (without an error) and closes the connection. */
  readonly signal?: AbortSignal;
  /** First wait before reconnecting when the server did not set one with `retry:` (default 1000 ms). */
  readonly reconnectDelayMs?: number;
  /** The wait doubles after each failed reconnection up to this (default 30 000 ms). */
  readonly maxReconnectDelayMs?: number;
  /** A connection silent this long, not even a heartbeat, is presumed dead and replaced (default 60 000 ms). */
  readonly stallTimeoutMs?: number;
}

/** The server sends a heartbeat comment at least this often. */
const HEARTBEAT_INTERVAL_MS = 30_000;
const RECONNECT_DEFAULTS = {
  reconnectDelayMs: 1000,
  maxReconnectDelayMs: 30_000,
  stallTimeoutMs: 2 * HEARTBEAT_INTERVAL_MS,
};

/** What carries over from one connection to the next. */
interface Resume {
  /** The seq of the last event handed out: sent as Last-Event-ID; nothing at or before it is handed out. */
  last: number | undefined;
  /** The server's `retry:`, which replaces `reconnectDelayMs`. */
  retryMs: number | undefined;
  /** Reconnections since a connection last delivered a new event. */
  failures: number;
}

/** `events.stream()`: the account's events as they happen, over Server-Sent Events. */
export class EventsResource {
  constructor(private readonly transport: Transport) {}

  /**
   * The account's events in seq order, as they happen, for as long as you iterate. A dropped or stalled
   * connection is replaced (after the server's `retry`, doubling up to `maxReconnectDelayMs`) and resumed
   * after the last event handed out, so none is missed or repeated; a 429 or 503 is retried after its
   * Retry-After. Other problems (401, 403, 404, 422) are thrown as `BellwetherProblem`s. `break`, or
   * aborting `signal`, closes the connection.
   */
  async *stream(options: EventStreamOptions = {}): AsyncIterableIterator<StreamedEvent> {
    const resume: Resume = { last: options.since, retryMs: undefined, failures: 0 };
    for (;;) {
      const pauseMs = yield* this.connection(resume, options);
      if (pauseMs === undefined) return;
      try {
        await sleep(pauseMs, options.signal);
      } catch {
        return; // aborted while waiting
      }
    }
  }

  /** The new events of one connection; then how long to wait before the next (undefined: aborted). */
  private async *connection(
    resume: Resume,
    options: EventStreamOptions,
  ): AsyncGenerator<StreamedEvent, number | undefined> {
    const { signal } = options;
    const closer = new AbortController();
    const stallMs = options.stallTimeoutMs ?? RECONNECT_DEFAULTS.stallTimeoutMs;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => closer.abort(new Error(`no data for ${stallMs} ms`)), stallMs);
    };
    const backoff = () => {
      const base = resume.retryMs ?? options.reconnectDelayMs ?? RECONNECT_DEFAULTS.reconnectDelayMs;
      const cap = options.maxReconnectDelayMs ?? RECONNECT_DEFAULTS.maxReconnectDelayMs;
      return Math.min(cap, base * 2 ** resume.failures++);
    };
    try {
      let body: ReadableStream<Uint8Array>;
      try {
        body = await this.open(resume.last, options.types, signal, closer.signal);
      } catch (error) {
        if (signal?.aborted) return undefined;
        if (error instanceof BellwetherProblem && (error.status === 429 || error.status === 503))
          return error.retryAfterMs ?? backoff();
        if (isFatal(error)) throw error;
        return backoff(); // a network error: try again
      }
      // Armed once the answer has come: a 429's Retry-After wait inside `open` is not a stall.
      watch();
      const reader = body.getReader();
      const parser = new SseParser();
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch {
          return signal?.aborted ? undefined : backoff(); // dropped or stalled
        }
        if (chunk.done) return backoff(); // the server closed the stream
        watch();
        const messages = parser.push(chunk.value);
        resume.retryMs = parser.retryMs ?? resume.retryMs;
        for (const message of messages) {
          const event = toStreamedEvent(message);
          if (resume.last !== undefined && event.seq <= resume.last) continue; // already handed out
          resume.last = event.seq;
          resume.failures = 0;
          yield event;
        }
        // An `id:` without data: the server read past events it does not send; resume after them.
        const read = Number(parser.idAtLastMessage);
        if (/^\d+$/.test(parser.idAtLastMessage) && Number.isSafeInteger(read) && read > (resume.last ?? -1))
          resume.last = read;
      }
    } finally {
      clearTimeout(stall);
      closer.abort(); // closes the connection, whichever way this one ends
    }
  }

  private async open(
    last: number | undefined,
    types: readonly string[] | undefined,
    signal: AbortSignal | undefined,
    closer: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>> {
    const r = await this.transport.send(
      {
        method: 'GET',
        path: '/events',
        query: { types: types === undefined || types.length === 0 ? undefined : types },
        headers: {
          accept: 'text/event-stream',
          ...(last === undefined ? {} : { 'last-event-id': String(last) }),
        },
        timeoutMs: 0,
        signal: signal === undefined ? closer : AbortSignal.any([signal, closer]),
      },
      true,
    );
    const type = r.response.headers.get('content-type') ?? '';
    if (!/^text\/event-stream\b/i.test(type) || r.response.body === null)
      throw new BellwetherTransportError(`GET /events answered ${r.status} ${type}, not an event stream`, {
        status: r.status,
      });
    return r.response.body;
  }
}

/** A problem retrying cannot fix: any 4xx but 429, or an answer that is not the API's. */
function isFatal(error: unknown): boolean {
  if (error instanceof BellwetherProblem) return error.status < 500;
  if (error instanceof BellwetherTransportError) return error.status !== undefined && error.status < 500;
  return false;
}

function toStreamedEvent(message: SseMessage): StreamedEvent {
  const seq = Number(message.lastEventId);
  if (!/^\d+$/.test(message.lastEventId) || !Number.isSafeInteger(seq))
    throw new BellwetherTransportError(
      `the event stream sent an event without a seq id: ${message.lastEventId}`,
    );
  let event: Partial<Record<keyof StreamedEvent, unknown>>;
  try {
    event = JSON.parse(message.data) as typeof event;
  } catch (cause) {
    throw new BellwetherTransportError(`event ${seq} is not JSON: ${message.data.slice(0, 120)}`, { cause });
  }
  const { id, type, timestamp, data } = event;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof timestamp !== 'string')
    throw new BellwetherTransportError(`event ${seq} lacks its id, type or timestamp`);
  return { seq, id, type, timestamp, data };
}
