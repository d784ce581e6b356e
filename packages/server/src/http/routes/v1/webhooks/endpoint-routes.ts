import { Type } from '@sinclair/typebox';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { Endpoint, EndpointParams, EndpointWithSecret, EventTypes, orProblem } from './webhook-schemas.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Where deliveries are POSTed: https, on a public address',
  examples: ['https://example.com/bellwether/webhooks'],
});
const Description = Type.String({ maxLength: 200 });

const common = { entitlement: 'account', billable: false, tags: ['webhooks'] } as const;
const accountOf = (request: { principal: { account: { id: string } } | null }) =>
  request.principal?.account.id as string;

/** The endpoint management routes: create, list, read, update, delete (never billed). */
export function endpointRoutes(deps: AppDeps): ApiRouteDef[] {
  const service = deps.events.webhooks;
  return [
    {
      ...common,
      method: 'POST',
      path: '/webhooks',
      operationId: 'createWebhookEndpoint',
      summary: 'Register a webhook endpoint',
      description:
        'Answers the endpoint with its `whsec_` signing secret, shown only this once. Deliveries follow Standard Webhooks v1 (docs/events.md). The URL must be https on a public address.',
      schema: {
        body: Type.Object(
          {
            url: Url,
            description: Type.Optional(Description),
            event_types: Type.Optional(EventTypes),
            enabled: Type.Optional(Type.Boolean({ default: true })),
          },
          { additionalProperties: false },
        ),
        response: { 201: EndpointWithSecret },
      },
      async handler(request, reply) {
        const made = orProblem(await service.create(accountOf(request), request.body as never));
        reply.code(201).header('location', `/api/v1/webhooks/${made.endpoint.id}`);
        return { endpoint: made.endpoint, secret: made.secret };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/webhooks',
      operationId: 'listWebhookEndpoints',
      description:
        "The account's webhook endpoints with their event types and status (enabled, or disabled and why). Secrets are never returned.",
      summary: 'List your webhook endpoints',
      schema: {
        response: { 200: Type.Object({ data: Type.Array(Endpoint) }, { additionalProperties: false }) },
      },
      async handler(request) {
        return { data: await service.list(accountOf(request)) };
      },
    },
    {
      ...common,
      method: 'GET',
      path: '/webhooks/:endpoint_id',
      operationId: 'getWebhookEndpoint',
      description:
        'One webhook endpoint of the account: URL, event types and status. Its secret is never returned.',
      summary: 'A webhook endpoint',
      schema: { params: EndpointParams, response: { 200: Endpoint } },
      async handler(request) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        return orProblem(await service.get(accountOf(request), endpoint_id));
      },
    },
    {
      ...common,
      method: 'PATCH',
      path: '/webhooks/:endpoint_id',
      operationId: 'updateWebhookEndpoint',
      summary: 'Change a webhook endpoint',
      description:
        'Any of url, description, event_types, enabled. Disabling cancels its waiting deliveries; enabling a disabled endpoint clears why it was disabled.',
      schema: {
        params: EndpointParams,
        body: Type.Object(
          {
            url: Type.Optional(Url),
            description: Type.Optional(Description),
            event_types: Type.Optional(EventTypes),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Endpoint },
      },
      async handler(request) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        return orProblem(await service.update(accountOf(request), endpoint_id, request.body as never));
      },
    },
    {
      ...common,
      method: 'DELETE',
      path: '/webhooks/:endpoint_id',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      description: 'With its deliveries and their history; nothing more is sent to it.',
      schema: {
        params: EndpointParams,
        response: {
          200: Type.Object(
            { id: Type.String(), deleted: Type.Literal(true) },
            { additionalProperties: false },
          ),
        },
      },
      async handler(request) {
        const { endpoint_id } = request.params as { endpoint_id: string };
        orProblem(await service.delete(accountOf(request), endpoint_id));
        return { id: endpoint_id, deleted: true };
      },
    },
  ];
}
