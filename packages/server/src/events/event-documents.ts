import { EVENT_TYPES, type EventTypeDef } from './event-catalog.js';

/** The envelope every event travels in (webhook body, SSE `data:`), with one type's data schema. */
function envelope(def: EventTypeDef): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'type', 'timestamp', 'data'],
    properties: {
      id: { type: 'string', description: 'evt_…: the same in every delivery of the event (`webhook-id`)' },
      type: { type: 'string', const: def.type },
      timestamp: { type: 'string', format: 'date-time', description: 'When the change happened' },
      data: def.data,
    },
  };
}

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id; the same on every retry and replay (use it to drop duplicates)',
  },
  {
    name: 'webhook-timestamp',
    description: 'Unix seconds of this attempt (reject attempts older than 5 minutes)',
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under each signing secret in use (two during a rotation)',
  },
];

const sendable = () => EVENT_TYPES.filter((d) => d.scope !== 'endpoint' || d.type === 'webhook.test');

/** The OpenAPI 3.1 `webhooks` object: one POST per event type, as a receiver gets it. */
/** A webhook's operationId: its event type in lowerCamelCase, then `Webhook` (`cards.published` → `cardsPublishedWebhook`). */
function webhookOperationId(type: string): string {
  const words = type.split(/[._]/);
  return `${words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('')}Webhook`;
}

export function openApiWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    sendable().map((def) => [
      def.type,
      {
        post: {
          operationId: webhookOperationId(def.type),
          summary: def.summary,
          description: `Scope: ${def.scope === 'market' ? `every account whose plan includes \`${def.entitlement}\`` : def.scope === 'account' ? 'the account it concerns' : 'the one endpoint it was sent to'}. Signed by Standard Webhooks v1; answer 2xx within 15 s, 410 to unsubscribe the endpoint.`,
          tags: ['webhooks'],
          // What the receiver checks: the Standard Webhooks signature under the endpoint's secret.
          security: [{ webhookSignature: [] }],
          parameters: SIGNATURE_HEADERS.map((h) => ({
            ...h,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: envelope(def) } } },
          responses: {
            '2XX': { description: 'Delivered' },
            '410': { description: 'Gone: the endpoint is disabled and nothing more is sent' },
            default: {
              description: 'Failed: retried on the schedule (docs/events.md), honouring Retry-After',
            },
          },
        },
      },
    ]),
  );
}

/**
 * docs/asyncapi.json: the events as an AsyncAPI 3.0 document — one channel per delivery route (a webhook
 * endpoint, the SSE stream), one message per event type, each with its payload schema.
 */
export function asyncApiDocument(version: string): Record<string, unknown> {
  const messages = Object.fromEntries(
    sendable().map((def) => [
      def.type.replace('.', '_'),
      {
        name: def.type,
        title: def.type,
        summary: def.summary,
        contentType: 'application/json',
        payload: envelope(def),
      },
    ]),
  );
  const refs = (names: string[]) =>
    Object.fromEntries(names.map((n) => [n, { $ref: `#/components/messages/${n}` }]));
  const all = Object.keys(messages);
  const streamed = sendable()
    .filter((d) => d.scope !== 'endpoint')
    .map((d) => d.type.replace('.', '_'));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Bellwether events',
      version,
      description:
        'What Bellwether pushes: signed webhooks (Standard Webhooks v1) and the Server-Sent Events stream `GET /api/v1/events`. Delivery is at least once with a stable id; order is not promised (docs/events.md).',
    },
    defaultContentType: 'application/json',
    channels: {
      webhook: {
        address: '{endpoint_url}',
        title: 'A webhook endpoint',
        description:
          'POSTed to each endpoint registered with `POST /api/v1/webhooks` for the types it chose, with the webhook-id, webhook-timestamp and webhook-signature headers.',
        parameters: { endpoint_url: { description: 'The URL the endpoint was registered with' } },
        messages: refs(all),
      },
      stream: {
        address: '/api/v1/events',
        title: 'The event stream',
        description:
          "`text/event-stream`: `id:` is the event's sequence number (resume with Last-Event-ID), `event:` its type, `data:` the event as one line of JSON.",
        messages: refs(streamed),
      },
    },
    operations: {
      receiveWebhook: {
        action: 'send',
        channel: { $ref: '#/channels/webhook' },
        summary: 'Bellwether sends each event to every subscribed endpoint',
        messages: all.map((n) => ({ $ref: `#/channels/webhook/messages/${n}` })),
      },
      streamEvents: {
        action: 'send',
        channel: { $ref: '#/channels/stream' },
        summary: "Bellwether streams the account's events to an open connection",
        messages: streamed.map((n) => ({ $ref: `#/channels/stream/messages/${n}` })),
      },
    },
    components: { messages },
  };
}
