import { Type } from '@sinclair/typebox';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { Order } from './broker-schemas.js';
import { orderView, orProblem } from './broker-views.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const accountOf = (request: { principal: { account: { id: string } } | null }) =>
  request.principal?.account.id as string;

const CardParams = Type.Object({
  card_id: Type.String({ pattern: '^crd_[A-Za-z0-9_-]{1,60}$', description: 'A card id (crd_…)' }),
});

const OrderBody = Type.Object(
  {
    connection_id: Type.String({
      pattern: '^bkc_[0-9A-Za-z]{1,60}$',
      description: 'The broker connection to place it through',
      examples: ['bkc_00000000000000000000'],
    }),
    qty: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Whole shares', examples: [10] }),
    ),
    risk_amount: Type.Optional(
      Type.Number({
        minimum: 0.01,
        maximum: 1e8,
        description:
          'Or: what to risk from the entry limit to the stop, in the account currency; sizes the order (e.g. 100)',
      }),
    ),
    take_profit: Type.Optional(
      Type.Union([Type.Literal('t1'), Type.Literal('t2'), Type.Literal('split')], {
        default: 't1',
        description:
          "Which of the card's targets the take-profit leg rests at; `split`: two brackets sharing a `group_id`, half the shares (rounded up) taking profit at T1 and the rest at T2 — the answer is the T1 half, GET /cards/{card_id}/orders lists both",
        examples: ['t1'],
      }),
    ),
  },
  { additionalProperties: false },
);

/** Orders from cards: place one (a bracket at the broker), list a card's, read one brought up to date. */
export function orderRoutes(deps: AppDeps): ApiRouteDef[] {
  const brokers = deps.brokers;
  return [
    {
      method: 'POST',
      path: '/cards/:card_id/orders',
      operationId: 'placeCardOrder',
      entitlement: 'brokers',
      billable: true,
      tags: ['brokers'],
      summary: 'Turn a card into a bracket order at your broker',
      description:
        "A bracket: an entry limit inside the card's entry zone (the last trade held to the zone), a take-profit at T1 (or T2) and a stop at the card's stop, good till cancelled; an entry still unfilled when the card expires is cancelled. Size by `qty` or by `risk_amount` (whole shares of entry-to-stop risk). Refused before anything is sent when the card has expired (409 card_not_tradable), the last trade is past the zone or through the stop (409), the size is over the connection's caps (422 order_cap_exceeded) or the account's buying power (422 insufficient_buying_power); the broker's own refusals are 422 broker_refused with its code and message. With an `Idempotency-Key` the same key and body give the same order (200, `Idempotent-Replayed: true`), and an order whose submission was cut short (503 broker_unavailable) is looked up at the broker by its client order id before anything is sent again; the same key with another body is 422.",
      schema: {
        params: CardParams,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ description: '1–255 visible ASCII characters' })),
        }),
        body: OrderBody,
        response: { 200: Order, 201: Order },
      },
      async handler(request, reply) {
        const { card_id } = request.params as { card_id: string };
        const body = request.body as {
          connection_id: string;
          qty?: number;
          risk_amount?: number;
          take_profit?: 't1' | 't2' | 'split';
        };
        const rawKey = request.headers['idempotency-key'];
        const key = typeof rawKey === 'string' ? rawKey : undefined;
        const errors = [
          ...(key !== undefined && !IDEMPOTENCY_KEY.test(key)
            ? [{ pointer: '/headers/idempotency-key', detail: 'must be 1–255 visible ASCII characters' }]
            : []),
          ...((body.qty === undefined) === (body.risk_amount === undefined)
            ? [{ pointer: '/body/qty', detail: 'give exactly one of qty and risk_amount' }]
            : []),
        ];
        if (errors.length > 0)
          throw new ProblemError('validation_failed', 'The order request is invalid.', {
            extras: { errors },
          });
        const placed = await orProblem(
          brokers.place({
            account_id: accountOf(request),
            card_id,
            connection_id: body.connection_id,
            size: body.qty === undefined ? { risk_amount: body.risk_amount as number } : { qty: body.qty },
            take_profit: body.take_profit ?? 't1',
            idempotency_key: key ?? null,
          }),
        );
        if (placed === undefined) throw new Error('an order placed on request has no result');
        if (placed.created) reply.code(201).header('location', `/api/v1/orders/${placed.order.id}`);
        else {
          // A replay creates nothing: not billed.
          request.billingWaived = true;
          reply.header('idempotent-replayed', 'true');
        }
        return orderView(placed.order);
      },
    },
    {
      method: 'GET',
      path: '/cards/:card_id/orders',
      operationId: 'listCardOrders',
      description: 'Orders this account placed from the card, with their fills and realised R.',
      entitlement: 'brokers',
      billable: false,
      tags: ['brokers'],
      summary: "Your orders from a card, with each one's fills and realised R",
      schema: {
        params: CardParams,
        response: { 200: Type.Object({ data: Type.Array(Order) }, { additionalProperties: false }) },
      },
      async handler(request) {
        const { card_id } = request.params as { card_id: string };
        return {
          data: (await deps.storage.brokerOrders.listByCard(accountOf(request), card_id)).map(orderView),
        };
      },
    },
    {
      method: 'GET',
      path: '/orders/:order_id',
      operationId: 'getOrder',
      entitlement: 'brokers',
      billable: false,
      tags: ['brokers'],
      summary: 'One order, brought up to date with the broker',
      description:
        'Reads the order from the broker first when it may still change (fills, the exit leg, cancellation); when the broker cannot be reached, the order as last known.',
      schema: {
        params: Type.Object({ order_id: Type.String({ pattern: '^bko_[0-9A-Za-z]{1,60}$' }) }),
        response: { 200: Order },
      },
      async handler(request) {
        const { order_id } = request.params as { order_id: string };
        return orderView(await orProblem(brokers.order(accountOf(request), order_id)));
      },
    },
    {
      method: 'DELETE',
      path: '/orders/:order_id',
      operationId: 'cancelOrder',
      entitlement: 'brokers',
      billable: false,
      tags: ['brokers'],
      summary: 'Cancel an order whose entry has not filled',
      description:
        'Cancels the entry at the broker (its take-profit and stop with it) and answers the order as the broker then has it. Shares already filled stay a position whose legs keep working. 409 when the order is still being submitted, has filled, or is already over.',
      schema: {
        params: Type.Object({ order_id: Type.String({ pattern: '^bko_[0-9A-Za-z]{1,60}$' }) }),
        response: { 200: Order },
      },
      async handler(request) {
        const { order_id } = request.params as { order_id: string };
        return orderView(await orProblem(brokers.cancel(accountOf(request), order_id)));
      },
    },
  ];
}
