import { Type } from '@sinclair/typebox';
import { SUBSCRIBABLE_TYPES } from '../../../../events/event-catalog.js';
import { isRefusal, type WebhookRefusal } from '../../../../events/webhooks/webhook-service.js';
import { ProblemError } from '../../../../problems/problem-error.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

export const EventTypes = Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...SUBSCRIBABLE_TYPES] }), {
  maxItems: SUBSCRIBABLE_TYPES.length,
  uniqueItems: true,
  description: 'Event types to receive; empty or absent: every type',
});

export const Endpoint = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    description: Type.String(),
    event_types: Type.Array(Type.String()),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    disabled_reason: Type.Union(
      [Type.Literal('customer'), Type.Literal('gone'), Type.Literal('failing'), Type.Null()],
      {
        description:
          '`gone`: the receiver answered 410; `failing`: no success for days; `customer`: you disabled it',
      },
    ),
    disabled_at: Nullable(Instant),
    failing_since: Nullable(Instant),
    previous_secret_expires_at: Type.Union([Instant, Type.Null()], {
      description: 'During a rotation: until when the previous secret signs too',
    }),
    created_at: Instant,
    updated_at: Instant,
  },
  { additionalProperties: false },
);

export const EndpointWithSecret = Type.Object(
  {
    endpoint: Endpoint,
    secret: Type.String({
      description: 'The `whsec_` signing secret, shown only now: store it to verify deliveries',
    }),
  },
  { additionalProperties: false },
);

const Status = Type.Union(
  ['pending', 'delivering', 'succeeded', 'failed', 'canceled'].map((s) => Type.Literal(s)),
);

export const Delivery = Type.Object(
  {
    id: Type.String(),
    endpoint_id: Type.String(),
    event_id: Type.String({ description: 'The `webhook-id` header of every attempt (replays included)' }),
    event_type: Type.String(),
    replay: Type.Integer({ minimum: 0, description: '0 for the delivery the event made; 1, 2… for replays' }),
    status: Status,
    attempts: Type.Integer({ minimum: 0 }),
    next_attempt_at: Nullable(Instant),
    last_attempt_at: Nullable(Instant),
    last_status: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    created_at: Instant,
    finished_at: Nullable(Instant),
  },
  { additionalProperties: false },
);

export const Attempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    started_at: Instant,
    duration_ms: Type.Integer({ minimum: 0 }),
    outcome: Type.Union(['success', 'failure', 'gone', 'refused'].map((s) => Type.Literal(s))),
    status: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    response_excerpt: Type.Union([Type.String(), Type.Null()], {
      description: 'The first 4 KiB of what the receiver answered',
    }),
  },
  { additionalProperties: false },
);

export const EndpointParams = Type.Object({ endpoint_id: Type.String({ maxLength: 64 }) });
export const DeliveryParams = Type.Object({
  endpoint_id: Type.String({ maxLength: 64 }),
  delivery_id: Type.String({ maxLength: 64 }),
});

/** A service answer, or the problem its refusal is. */
export function orProblem<T>(value: T | WebhookRefusal): T {
  if (!isRefusal(value)) return value;
  if (value.code === 'validation_failed')
    throw new ProblemError('validation_failed', value.message, {
      extras: { errors: [{ pointer: `/body/${value.field}`, detail: value.message }] },
    });
  throw new ProblemError(value.code, value.message);
}
