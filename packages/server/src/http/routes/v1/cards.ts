import { SETUPS } from '@bellwether/analytics';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validDate } from '../../../clock/valid-date.js';
import { sessionView } from '../../../market/session-state.js';
import { ProblemError } from '../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { Timestamp } from '../../schemas/common.js';
import { TradeCard } from '../../schemas/trade-card.js';
import { type CardsBody, CardsBodyCache, type CardsFilter } from './cards-body-cache.js';

const MAX_AGE_SECONDS = 1800;
/** Cards due but not yet published (the scan takes a while after the slot): ask again soon. */
const OVERDUE_MAX_AGE_SECONDS = 60;
const MAX_AGE_HEADER = `private, max-age=${MAX_AGE_SECONDS}`;

const CardsResponse = Type.Object({
  session: Type.String({ format: 'date' }),
  published_at: Type.Union([Timestamp, Type.Null()]),
  published_late: Type.Boolean({
    description:
      'The session was published after it closed (a backfill): its cards are in the ledger, kept out of the track record',
  }),
  note: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why there is no card, or what the publication left out: a published session in which none cleared the expected-R floor, a session not published yet or missed, filters that match none of its cards; the stale tickers it left out (never synced, or data short of the previous session); the market filter off when there was no market series',
  }),
  count: Type.Integer(),
  cards: Type.Array(TradeCard),
});

const CardsQuery = Type.Object(
  {
    session: Type.Optional(
      Type.String({
        format: 'date',
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: "A past session's cards (default: the current session)",
      }),
    ),
    ticker: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9.^=-]{1,20}$',
        description: 'Only cards on this ticker',
      }),
    ),
    direction: Type.Optional(
      Type.Union([Type.Literal('long'), Type.Literal('short')], {
        description: 'Only long or only short cards',
      }),
    ),
    setup: Type.Optional(
      Type.Union(
        SETUPS.map((s) => Type.Literal(s.id)),
        { description: 'Only cards of this setup (see docs/signals)' },
      ),
    ),
    min_conviction: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'Only cards whose conviction score is at least this (a calibrated probability: most cards score 0.1–0.4)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A trading session of the service's calendar, or a 422 that says what it is instead. */
function knownSession(deps: AppDeps, id: string): string {
  const session = validDate(id) ? deps.calendar.sessionOn(id) : undefined;
  if (session === undefined)
    throw new ProblemError('validation_failed', `${id} is not a trading session on ${deps.calendar.code}.`, {
      extras: { errors: [{ pointer: '/query/session', detail: 'must be a trading session date' }] },
    });
  return session.id;
}

const NO_FILTER: CardsFilter = Object.freeze({});

function isEmpty(query: object): boolean {
  for (const _ in query) return false;
  return true;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/** GET /cards — the current session's trade cards; cacheable by the client, with ETag revalidation. */
export function cardsRoute(deps: AppDeps): ApiRouteDef {
  const cache = new CardsBodyCache(
    deps.storage.cards,
    () => sessionView(deps.calendar, deps.clock.now(), deps.cardsLeadMs).current.id,
  );
  return {
    method: 'GET',
    path: '/cards',
    operationId: 'listCards',
    entitlement: 'cards',
    billable: true,
    summary: "The current session's published trade cards",
    description:
      'Cards refresh once per session; clients may cache them for up to 30 minutes (until the publication slot before it, and 60 seconds while a due publication is still running). Send If-None-Match to revalidate (304 is not billed).',
    tags: ['cards'],
    schema: { querystring: CardsQuery, response: { 200: CardsResponse } },
    handler(request, reply) {
      const now = deps.clock.now();
      const view = sessionView(deps.calendar, now, deps.cardsLeadMs);
      const query = request.query as CardsFilter & { session?: string };
      let session = view.current.id;
      let filter: CardsFilter = NO_FILTER;
      // The usual request has no query: no filter object is built for it.
      if (!isEmpty(query)) {
        const { session: asked, ...rest } = query;
        if (asked !== undefined) session = knownSession(deps, asked);
        filter = rest;
      }
      const ready = cache.peek(session, filter);
      if (ready !== undefined) {
        send(request, reply, view.publication_at, now, ready);
        return undefined;
      }
      return cache.get(session, filter).then((body) => send(request, reply, view.publication_at, now, body));
    },
  };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  publicationAt: Date,
  now: Date,
  body: CardsBody,
): FastifyReply {
  // Before publication, cache only until the cards are due, and once they are due but not out yet,
  // only briefly, so clients do not keep an empty answer for half an hour.
  const untilPublication = Math.floor((publicationAt.getTime() - now.getTime()) / 1000);
  const maxAge = body.published
    ? MAX_AGE_SECONDS
    : untilPublication > 0
      ? Math.min(MAX_AGE_SECONDS, untilPublication)
      : OVERDUE_MAX_AGE_SECONDS;
  reply
    .header('cache-control', maxAge === MAX_AGE_SECONDS ? MAX_AGE_HEADER : `private, max-age=${maxAge}`)
    .header('etag', body.etag)
    .header('vary', 'Authorization');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.json);
}
