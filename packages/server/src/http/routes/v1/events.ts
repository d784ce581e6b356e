import { Type } from '@sinclair/typebox';
import { iso } from '../../../clock/iso.js';
import type { EventRecord } from '../../../db/event-outbox.js';
import { eventTypeDef, mayReceive, SUBSCRIBABLE_TYPES } from '../../../events/event-catalog.js';
import { eventEnvelope } from '../../../events/event-envelope.js';
import { ProblemError } from '../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';

/** Comment lines keep proxies and clients from timing out an idle stream. */
const HEARTBEAT_MS = 15_000;
/** What a client waits before reconnecting after a drop (the `retry:` field). */
const RETRY_MS = 3000;
/** A stream ends after this long; the client resumes where it was (load balancers rebalance meanwhile). */
const MAX_STREAM_MS = 30 * 60_000;
const PAGE = 200;
/**
 * Log positions one read looks at, at most: a stream whose filter matches none of them still moves past
 * them, so no read ever goes back over what an earlier one saw (ADR 0083).
 */
const SCAN = 2000;

function badRequest(pointer: string, detail: string): ProblemError {
  return new ProblemError('validation_failed', detail, { extras: { errors: [{ pointer, detail }] } });
}

/** One SSE message: the seq as `id`, the type as `event`, the event as one line of JSON. */
function sseMessage(e: EventRecord): string {
  return `id: ${e.seq}\nevent: ${e.type}\ndata: ${eventEnvelope(e)}\n\n`;
}

/**
 * How far the stream has read, as an `id:` without data: the client's last event id moves there (a
 * reconnection resumes after it) and no event is dispatched (WHATWG HTML, "dispatch the event").
 */
function sseCursor(seq: number): string {
  return `id: ${seq}\n\n`;
}

/**
 * GET /events — the account's events as Server-Sent Events: its own and the market-wide ones its plan
 * covers, from the log, in order, resumable with `Last-Event-ID` (or `since`). Not billed; a bounded
 * number of open streams per key (docs/events.md).
 */
export function eventsRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/events',
    operationId: 'streamEvents',
    entitlement: 'account',
    billable: false,
    summary: 'Stream your events (Server-Sent Events)',
    description: `\`text/event-stream\`: each event has \`id:\` (its sequence number), \`event:\` (its type) and \`data:\` (the event as JSON: id, type, timestamp, data). Resume after a drop with the \`Last-Event-ID\` header or \`since=\`: nothing is missed or repeated while the events are retained. Without either, the stream starts with the next event; \`since=0\` replays everything retained. A message with only an \`id:\` (no data, so no event is dispatched) moves the stream's position past events it does not send you, so a resume starts after them. Heartbeat comments every ${HEARTBEAT_MS / 1000} s. Not billed; each key may hold ${deps.events.streams.perKey} streams open per server (429 too_many_streams beyond).`,
    tags: ['events'],
    schema: {
      querystring: Type.Object(
        {
          since: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: Number.MAX_SAFE_INTEGER,
              description: 'Resume after this sequence number (Last-Event-ID wins)',
            }),
          ),
          types: Type.Optional(
            Type.String({
              maxLength: 500,
              description: `Comma-separated event types to receive (default: all): ${SUBSCRIBABLE_TYPES.join(', ')}`,
            }),
          ),
        },
        { additionalProperties: false },
      ),
      response: {
        200: {
          description: 'The event stream',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
      },
    },
    async handler(request, reply) {
      const principal = request.principal!;
      const q = request.query as { since?: number; types?: string };
      const entitlements = principal.plan?.entitlements ?? [];
      let types = SUBSCRIBABLE_TYPES.filter((t) => mayReceive(t, entitlements));
      if (q.types !== undefined) {
        const asked = [
          ...new Set(
            q.types
              .split(',')
              .map((t) => t.trim())
              .filter((t) => t !== ''),
          ),
        ];
        for (const t of asked) {
          if (!SUBSCRIBABLE_TYPES.includes(t))
            throw badRequest(
              '/query/types',
              `${JSON.stringify(t)} is not an event type; the types are ${SUBSCRIBABLE_TYPES.join(', ')}`,
            );
          if (!types.includes(t))
            throw new ProblemError(
              'plan_required',
              `Your plan does not include ${eventTypeDef(t)?.entitlement}, which ${t} events need.`,
              {
                extras: {
                  required_plan: deps.plans.cheapestWith(eventTypeDef(t)?.entitlement ?? 'cards')?.id ?? null,
                },
              },
            );
        }
        types = asked;
      }
      const lastEventId = request.headers['last-event-id'];
      let cursor: number;
      if (typeof lastEventId === 'string' && lastEventId.trim() !== '') {
        if (!/^\d{1,15}$/.test(lastEventId.trim()))
          throw badRequest(
            '/headers/last-event-id',
            'Last-Event-ID must be the id of an event this stream sent',
          );
        cursor = Number(lastEventId.trim());
      } else cursor = q.since ?? (await deps.storage.events.head());
      const release = deps.events.streams.take(principal.key_id);
      if (release === undefined)
        throw new ProblemError(
          'too_many_streams',
          `This key already holds ${deps.events.streams.perKey} open event streams on this server.`,
          { headers: { 'retry-after': '5' } },
        );
      await stream(deps, reply, principal.account.id, types, cursor, release);
    },
  };
}

async function stream(
  deps: AppDeps,
  reply: import('fastify').FastifyReply,
  account_id: string,
  types: readonly string[],
  start: number,
  release: () => void,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  const socket = raw.socket;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  socket?.setNoDelay(true);
  let open = true;
  let wake: (() => void) | undefined;
  const stop = () => {
    open = false;
    wake?.();
  };
  raw.on('close', stop);
  const unregister = deps.events.streams.onShutdown(stop);
  // Set by a wake-up that comes while the log is being read, so it is not lost before the wait.
  let dirty = false;
  const unlisten = deps.events.hub.listen(() => {
    dirty = true;
    wake?.();
  });
  const ends = setTimeout(stop, MAX_STREAM_MS);
  /** Writes, waiting for the client to take it when its buffer is full (a client that does not is cut). */
  const write = async (text: string): Promise<void> => {
    if (raw.write(text)) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        raw.destroy();
        resolve();
      }, deps.sendTimeoutMs);
      const done = () => {
        clearTimeout(timer);
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      raw.once('drain', done);
      raw.once('close', done);
    });
  };
  /** Where the next read starts: every event at or before it was sent or is not this stream's. */
  let cursor = start;
  /** The last id the client was given. */
  let told = start;
  try {
    await write(`retry: ${RETRY_MS}\n\n`);
    while (open) {
      dirty = false;
      // A read covers (cursor, through]: at most SCAN positions of the log, up to its head.
      const head = await deps.storage.events.head();
      const through = Math.min(head, cursor + SCAN);
      const events =
        types.length === 0 || through <= cursor
          ? []
          : await deps.storage.events.listForAccount(account_id, cursor, PAGE, types, through);
      for (const e of events) {
        if (!open) break;
        await write(sseMessage(e));
        cursor = e.seq;
        told = e.seq;
      }
      const whole = events.length < PAGE;
      // Fewer than a page: nothing else up to `through` is for this stream, so the next read starts there.
      if (whole && open) cursor = Math.max(cursor, through);
      if (cursor > told && open) {
        await write(sseCursor(cursor));
        told = cursor;
      }
      if (!whole || cursor < head || dirty) continue;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), HEARTBEAT_MS);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        if (!open) wake();
      });
      wake = undefined;
      if (!woken && open) await write(`: heartbeat ${iso(deps.clock.now())}\n\n`);
    }
  } catch {
    // The database went away mid-stream: the stream ends and the client resumes from its last id.
  } finally {
    clearTimeout(ends);
    unregister();
    unlisten();
    release();
    if (!raw.destroyed) raw.end();
  }
}
