import { Type } from '@sinclair/typebox';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';

const MAX_LIMIT = 5000;

const Query = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        default: 0,
        description: 'Entries after this sequence number',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 1000 })),
  },
  { additionalProperties: false },
);

const Hash = Type.String({ pattern: '^[0-9a-f]{64}$' });

const Entry = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    kind: Type.Union([Type.Literal('publication'), Type.Literal('card'), Type.Literal('outcome')]),
    session: Type.String({ format: 'date' }),
    ref: Type.String({ description: 'The card id (card, outcome) or the session (publication)' }),
    recorded_at: Type.String(),
    data: Type.Unknown({ description: 'The publication, the card as published, or the outcome' }),
    prev_hash: Hash,
    hash: Hash,
  },
  { additionalProperties: false },
);

const Response = Type.Object({
  head: Type.Object(
    { seq: Type.Integer(), hash: Hash },
    { description: 'The last entry when this page was read: a copy verified up to it is complete' },
  ),
  count: Type.Integer(),
  entries: Type.Array(Entry),
  next_after: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Pass as `after` for the next page; null once the page reaches the head',
  }),
});

/** GET /cards/ledger — the cards' append-only, hash-chained record, page by page. */
export function cardsLedgerRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/cards/ledger',
    operationId: 'getCardsLedger',
    entitlement: 'cards',
    billable: true,
    summary: "The cards' hash-chained ledger",
    description:
      "Every publication, card and outcome in the order written, each carrying its sequence number, the previous entry's hash and its own: sha256 of the RFC 8785 canonical JSON of {seq, kind, session, ref, recorded_at, data, prev_hash}. Keep a copy and check it with the SDK's verifyLedger or `bellwether ledger verify --file`: an entry added, removed or changed afterwards breaks the chain. Format: docs/signals/ledger.md.",
    tags: ['cards'],
    schema: { querystring: Query, response: { 200: Response } },
    async handler(request) {
      const q = request.query as { after?: number; limit?: number };
      const after = q.after ?? 0;
      const limit = q.limit ?? 1000;
      const [head, entries] = await Promise.all([
        deps.storage.cards.ledgerHead(),
        deps.storage.cards.ledger(after, limit),
      ]);
      // Read after the head, a page may run past it: cut it there so `head` describes the page.
      const page = entries.filter((e) => e.seq <= head.seq);
      const last = page.at(-1)?.seq ?? after;
      return { head, count: page.length, entries: page, next_after: last < head.seq ? last : null };
    },
  };
}
