import { Type } from '@sinclair/typebox';
import type { DeliveryStatus } from '../../../../db/webhook-records.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { decodeCursor, encodeCursor } from '../../../page-cursor.js';
import {
  Attempt,
  Delivery,
  DeliveryParams,
  EndpointParams,
  EndpointWithSecret,
  orProblem,
} from './webhook-schemas.js';

const common = { entitlement: 'account', billable: false, tags: ['webhooks'] } as const;
const accountOf = (request: { principal: { account: { id: string } } | null }) =>
  request.principal?.account.id as string;

/**
 * Secret rotation, test events, the delivery log and replays. Only a test event is billed: each one makes
 * a delivery, so sending them is metered like any call that makes work (ADR 0083); managing is not.
 */
export function deliveryRoutes(deps: AppDeps): ApiRouteDef[] {
  const service = deps.events.webhooks;
  return [
    {
      ...common,
      method: 'POST',
      path: '/webhooks/:endpoint_id/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: "Rotate an endpoint's signing secret",
      description:
        'Answers the new secret, shown only this once. For 24 hours every delivery carries two signatures, one per secret, so a receiver can switch without dropping an event.',
      schema: { params: EndpointParams, response: { 200: EndpointWithSecret } },
      async handler(request) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        const rotated = orProblem(await service.rotateSecret(accountOf(request), endpoint_id));
        return { endpoint: rotated.endpoint, secret: rotated.secret };
      },
    },
    {
      ...common,
      billable: true,
      method: 'POST',
      path: '/webhooks/:endpoint_id/test',
      operationId: 'sendTestWebhook',
      summary: 'Send a test event to an endpoint',
      description:
        'A `webhook.test` event for this endpoint only, delivered like any other; answers its delivery. Billed like any call (each makes a delivery): counts against the burst limit and the quota.',
      schema: { params: EndpointParams, response: { 202: Delivery } },
      async handler(request, reply) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        const delivery = orProblem(await service.sendTest(accountOf(request), endpoint_id));
        reply.code(202);
        return delivery;
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/webhooks/:endpoint_id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "An endpoint's deliveries, newest first",
      description: 'Pass `next_cursor` back as `cursor` for the next page; it is null on the last page.',
      schema: {
        params: EndpointParams,
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.Unsafe<DeliveryStatus>({
                type: 'string',
                enum: ['pending', 'delivering', 'succeeded', 'failed', 'canceled'],
              }),
            ),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
            cursor: Type.Optional(Type.String({ maxLength: 512 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { data: Type.Array(Delivery), next_cursor: Type.Union([Type.String(), Type.Null()]) },
            { additionalProperties: false },
          ),
        },
      },
      async handler(request) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        const q = request.query as { status?: DeliveryStatus; limit?: number; cursor?: string };
        const limit = q.limit ?? 20;
        const { data, next } = orProblem(
          await service.deliveries(accountOf(request), endpoint_id, {
            limit,
            ...(q.status === undefined ? {} : { status: q.status }),
            ...(q.cursor === undefined ? {} : { before: decodeCursor(q.cursor) }),
          }),
        );
        return { data, next_cursor: next === null ? null : encodeCursor(next) };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/webhooks/:endpoint_id/deliveries/:delivery_id',
      operationId: 'getWebhookDelivery',
      description:
        'One delivery of an event to the endpoint: its status, its attempts and the outcome of each.',
      summary: 'A delivery with every attempt',
      schema: {
        params: DeliveryParams,
        response: {
          200: Type.Composite([Delivery, Type.Object({ attempt_history: Type.Array(Attempt) })], {
            additionalProperties: false,
          }),
        },
      },
      async handler(request) {
        const { endpoint_id, delivery_id } = request.params as { endpoint_id: string; delivery_id: string };
        return orProblem(await service.delivery(accountOf(request), endpoint_id, delivery_id));
      },
    },
    {
      ...common,
      method: 'POST',
      path: '/webhooks/:endpoint_id/deliveries/:delivery_id/replay',
      operationId: 'replayWebhookDelivery',
      summary: 'Deliver an event again',
      description:
        'A new delivery of the same event, with the same `webhook-id` (a receiver that already processed it can tell). Only a delivery that has ended can be replayed.',
      schema: { params: DeliveryParams, response: { 202: Delivery } },
      async handler(request, reply) {
        const { endpoint_id, delivery_id } = request.params as { endpoint_id: string; delivery_id: string };
        const delivery = orProblem(await service.replay(accountOf(request), endpoint_id, delivery_id));
        reply.code(202);
        return delivery;
      },
    },
  ];
}
