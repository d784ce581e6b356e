import { spansDay, universeOnDay } from '../cards/universe-statement.js';
import { validDate } from '../clock/valid-date.js';
import { outcomeView } from '../db/outcome-view.js';
import type { AppDeps } from '../http/app-deps.js';
import { sessionView } from '../market/session-state.js';
import { ProblemError } from '../problems/problem-error.js';

/**
 * The cards page's answer for one session (the current one unless `asked` names an earlier one): its
 * cards as published, each resolved card's outcome (as GET /api/v1/cards/{card_id} gives it), and the
 * sessions before and after it to browse to (`next` null at the current session). Cards published and
 * outcomes recorded after `now` (an as-of replay) are not there yet.
 */
export async function sessionCards(deps: AppDeps, asked: unknown, now: Date) {
  const current = sessionView(deps.calendar, now, deps.cardsLeadMs).current;
  let session = current;
  if (asked !== undefined) {
    const found = typeof asked === 'string' && validDate(asked) ? deps.calendar.sessionOn(asked) : undefined;
    if (found === undefined || found.id > current.id)
      throw new ProblemError(
        'validation_failed',
        `${String(asked)} is not a trading session on ${deps.calendar.code} up to ${current.id}.`,
        {
          extras: {
            errors: [
              { pointer: '/query/session', detail: `must be a trading session date up to ${current.id}` },
            ],
          },
        },
      );
    session = found;
  }
  const [cards, outcomes, universe] = await Promise.all([
    deps.storage.cards.listBySession(session.id),
    deps.storage.cards.outcomesInRange(session.id, session.id),
    sessionUniverse(deps, session.id, now),
  ]);
  const t = now.getTime();
  return {
    session: session.id,
    current: current.id,
    previous: deps.calendar.previous(session.opens_at).id,
    next:
      session.id === current.id
        ? null
        : deps.calendar.currentOrNext(new Date(session.closes_at.getTime() + 1)).id,
    cards: cards.filter((c) => Date.parse(c.published_at) <= t).map((c) => c.payload),
    outcomes: Object.fromEntries(
      outcomes.filter((o) => Date.parse(o.recorded_at) <= t).map((o) => [o.card_id, outcomeView(o)]),
    ),
    universe,
  };
}

/**
 * Which universe the session's cards were drawn from (ADR 0088/0095): its members on the session of the
 * publication universe, counted as the track record counts (a bar span covering the day), or the static list.
 */
async function sessionUniverse(deps: AppDeps, day: string, now: Date) {
  const membership = await deps.storage.universeMembership.load();
  const named = deps.cardsBooks?.universe === undefined ? undefined : new Set(deps.cardsBooks.universe);
  const instruments = (await deps.market.listInstruments()).filter(
    (i) =>
      i.active &&
      i.asset_class !== 'index' &&
      (named === undefined || named.has(i.ticker)) &&
      membership.isMember(i.ticker, day),
  );
  const spans = await deps.listings.barSpans(instruments, now);
  return universeOnDay(
    membership,
    day,
    instruments.map((i) => i.ticker),
    (t) => spansDay(spans.get(t), day),
    {
      static: named === undefined ? 'every active instrument' : 'BELLWETHER_CARDS_UNIVERSE',
      ...(named === undefined ? {} : { within: (t: string) => named.has(t) }),
    },
  );
}
