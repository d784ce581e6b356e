import { Type } from '@sinclair/typebox';
import { outcomeView } from '../../../db/outcome-view.js';
import { ProblemError } from '../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { CardOutcome } from '../../schemas/card-outcome.js';
import { TradeCard } from '../../schemas/trade-card.js';

const Params = Type.Object({
  card_id: Type.String({
    pattern: '^crd_[A-Za-z0-9_-]{1,60}$',
    description: 'A card id (crd_…) as /cards, the ledger or the feed give it',
  }),
});

const Response = Type.Object({
  card: TradeCard,
  outcome: Type.Union([CardOutcome, Type.Null()], { description: 'Null until the card resolves' }),
});

/** GET /cards/{card_id} — one card, of any session, with its outcome once known. */
export function cardRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/cards/:card_id',
    operationId: 'getCard',
    entitlement: 'cards',
    billable: true,
    summary: 'One card with its outcome',
    description:
      'Any published card, current or past, as published, with its recorded outcome (null while it is still open). Outcome rules: docs/signals/outcomes.md.',
    tags: ['cards'],
    schema: { params: Params, response: { 200: Response } },
    async handler(request) {
      const { card_id } = request.params as { card_id: string };
      const found = await deps.storage.cards.getCard(card_id);
      // Cards published after the clock's now (an as-of replay) do not exist yet.
      if (found === undefined || Date.parse(found.card.published_at) > deps.clock.now().getTime())
        throw new ProblemError('not_found', `No card ${card_id}.`);
      const outcome =
        found.outcome !== null && Date.parse(found.outcome.recorded_at) <= deps.clock.now().getTime()
          ? outcomeView(found.outcome)
          : null;
      return { card: found.card.payload, outcome };
    },
  };
}
