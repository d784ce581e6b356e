import { Type } from '@sinclair/typebox';
import { iso } from '../../../clock/iso.js';
import type { Session } from '../../../market/calendar/calendar.js';
import { sessionView } from '../../../market/session-state.js';
import { isStale, staleReason } from '../../../market/store/known-through.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { Timestamp } from '../../schemas/common.js';

const SessionRef = Type.Object(
  {
    id: Type.String({ format: 'date' }),
    opens_at: Timestamp,
    closes_at: Timestamp,
    early_close: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** Stale tickers named in /session; the count says how many there are in all. */
const STALE_SHOWN = 50;

const DataFreshness = Type.Object(
  {
    known_through: Type.String({
      format: 'date',
      description: 'The last session closed at as_of: what complete daily data reach',
    }),
    tickers: Type.Integer({
      description:
        "Followed tickers: the active instruments and the sync universe's tickers no sync has brought yet",
    }),
    fresh: Type.Integer({ description: 'Instruments whose last bar is known_through (their calendar’s)' }),
    stale: Type.Integer({
      description:
        'Followed tickers whose last closed session has not arrived (never synced, provider late, or trading stopped): excluded from card publication',
    }),
    never_synced: Type.Integer({ description: 'Of the stale, those without any bar yet' }),
    stale_tickers: Type.Array(Type.String(), {
      description: `The stale tickers, ascending, at most ${STALE_SHOWN}`,
    }),
    stale_reasons: Type.Array(
      Type.Object(
        {
          ticker: Type.String(),
          reason: Type.Union([Type.Literal('never_synced'), Type.Literal('behind')], {
            description: 'never_synced: no bar yet; behind: the last bar is before known_through',
          }),
          last_bar: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
        },
        { additionalProperties: false },
      ),
      { description: `Why each of stale_tickers is stale (the same ${STALE_SHOWN} at most)` },
    ),
  },
  { additionalProperties: false, description: 'How fresh the market data are' },
);

const SessionResponse = Type.Object(
  {
    id: Type.String({ format: 'date', description: 'Trading date of the current session (YYYY-MM-DD)' }),
    calendar: Type.String(),
    timezone: Type.String(),
    state: Type.Union([Type.Literal('pre_open'), Type.Literal('open'), Type.Literal('closed')]),
    opens_at: Timestamp,
    closes_at: Timestamp,
    early_close: Type.Boolean(),
    cards_published_at: Type.Union([Timestamp, Type.Null()]),
    cards_pending: Type.Boolean({
      description:
        "True once this session's publication slot has passed while its cards are not out yet (the scan is running, or the scheduler missed the slot): poll /cards, which caches such an answer for 60 s only",
    }),
    next_publication_at: Type.String({
      format: 'date-time',
      pattern: 'Z$',
      examples: ['2026-11-20T13:30:00Z'],
      description: 'The next scheduled card publication; always later than as_of',
    }),
    previous: SessionRef,
    next: SessionRef,
    data: DataFreshness,
    as_of: Timestamp,
  },
  { additionalProperties: false },
);

const ref = (s: Session) => ({
  id: s.id,
  opens_at: iso(s.opens_at),
  closes_at: iso(s.closes_at),
  early_close: s.early_close,
});

/** GET /session — the current trading session and when its cards are published. Not billed. */
export function sessionRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/session',
    operationId: 'getSession',
    entitlement: 'session',
    billable: false,
    summary: 'The current trading session',
    description:
      'Not billed: metadata, like /account (still authenticated, entitlement-checked and burst-limited). Says when the cards are published and how fresh the market data are.',
    tags: ['session'],
    schema: { response: { 200: SessionResponse } },
    async handler() {
      const now = deps.clock.now();
      const view = sessionView(deps.calendar, now, deps.cardsLeadMs);
      // Published: the session's publication record (also when it produced no card; cards are only ever
      // stored with one).
      const [publication, freshness] = await Promise.all([
        deps.storage.cards.getPublication(view.current.id),
        deps.market.freshness(now),
      ]);
      const stale = freshness.filter(isStale);
      const published = publication?.published_at ?? null;
      // Always a future instant: the current session's slot while it is still ahead and unpublished,
      // else the next session's (a missed slot is not "next").
      const nextPublication =
        published === null && view.publication_at.getTime() > now.getTime()
          ? view.publication_at
          : new Date(view.next.opens_at.getTime() - deps.cardsLeadMs);
      return {
        ...ref(view.current),
        calendar: deps.calendar.code,
        timezone: deps.calendar.timezone,
        state: view.state,
        cards_published_at: published === null ? null : iso(new Date(published)),
        cards_pending: published === null && view.publication_at.getTime() <= now.getTime(),
        next_publication_at: iso(nextPublication),
        previous: ref(view.previous),
        next: ref(view.next),
        data: {
          known_through: view.previous.id,
          tickers: freshness.length,
          fresh: freshness.length - stale.length,
          stale: stale.length,
          never_synced: stale.filter((f) => f.last_bar === null).length,
          stale_tickers: stale.slice(0, STALE_SHOWN).map((f) => f.ticker),
          stale_reasons: stale.slice(0, STALE_SHOWN).map((f) => ({
            ticker: f.ticker,
            reason: staleReason(f) ?? 'behind',
            last_bar: f.last_bar,
          })),
        },
        as_of: iso(now),
      };
    },
  };
}
