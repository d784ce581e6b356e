import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

export const ConnectionParams = Type.Object({
  connection_id: Type.String({
    pattern: '^bkc_[0-9A-Za-z]{1,60}$',
    description: 'A broker connection id (bkc_…)',
  }),
});

export const Automation = Type.Object(
  {
    enabled: Type.Boolean({ examples: [true] }),
    setups: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 20,
        uniqueItems: true,
        description: 'Setups to follow (as cards name them); empty or absent: every setup',
        examples: [['trend_pullback']],
      }),
    ),
    directions: Type.Optional(
      Type.Array(Type.Union([Type.Literal('long'), Type.Literal('short')]), {
        minItems: 1,
        uniqueItems: true,
        description: 'Absent: both',
        examples: [['long']],
      }),
    ),
    min_expected_r: Type.Optional(
      Type.Number({
        minimum: -10,
        maximum: 10,
        description: "A card's expected R (net of costs) must be at least this (absent: 0)",
        examples: [0.1],
      }),
    ),
    risk_per_order: Type.Number({
      minimum: 0.01,
      maximum: 1e7,
      description: 'What each order risks from entry to stop, in the account currency; sizes the order',
      examples: [100],
    }),
    max_orders_per_session: Type.Integer({ minimum: 1, maximum: 100, examples: [3] }),
    max_risk_per_session: Type.Number({ minimum: 0.01, maximum: 1e8, examples: [300] }),
  },
  {
    additionalProperties: false,
    description:
      "Follow each session's cards by setup, direction and expected R, within caps on orders and risk per session",
  },
);

export const Connection = Type.Object(
  {
    id: Type.String(),
    broker: Type.String(),
    environment: Type.Union([Type.Literal('paper'), Type.Literal('live')]),
    label: Type.String(),
    key_id_last4: Type.String({
      description: "The key id's last four characters: never the key id or the secret",
    }),
    broker_account_number: Nullable(Type.String()),
    currency: Nullable(Type.String()),
    status: Type.Union([Type.Literal('ok'), Type.Literal('failing')], {
      description: '`failing` once the broker refused the credentials: rotate them',
    }),
    last_checked_at: Nullable(Instant),
    last_error: Nullable(Type.String()),
    max_order_qty: Type.Integer(),
    max_order_notional: Type.Number(),
    automation: Type.Union([Automation, Type.Null()]),
    created_at: Instant,
    updated_at: Instant,
  },
  { additionalProperties: false },
);

export const BrokerAccountView = Type.Object(
  {
    account_number: Type.String(),
    status: Type.String(),
    currency: Type.String(),
    buying_power: Type.Number(),
    equity: Type.Number(),
    cash: Type.Number(),
    trading_blocked: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const Order = Type.Object(
  {
    id: Type.String(),
    connection_id: Type.String(),
    card_id: Type.String(),
    session: Type.String(),
    origin: Type.Union([Type.Literal('api'), Type.Literal('automation')]),
    client_order_id: Type.String({
      description: 'Ours, sent to the broker: it never accepts a second order with it',
    }),
    group_id: Nullable(
      Type.String({
        description: 'Both halves of a split T1/T2 order carry the first half’s id; null for one bracket',
      }),
    ),
    ticker: Type.String(),
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    qty: Type.Integer(),
    limit_price: Type.Number({ description: 'The entry limit, inside the card’s entry zone' }),
    take_profit_price: Type.Number(),
    stop_price: Type.Number(),
    risk: Type.Number({ description: 'qty × |limit − stop| in the account currency' }),
    state: Type.Union(
      ['submitting', 'open', 'partially_filled', 'filled', 'closed', 'canceled', 'expired', 'rejected'].map(
        (s) => Type.Literal(s),
      ),
      { description: '`closed`: an exit leg (take-profit or stop) filled' },
    ),
    broker_order_id: Nullable(Type.String()),
    broker_status: Nullable(Type.String()),
    filled_qty: Type.Integer(),
    filled_avg_price: NullableNumber,
    exit_reason: Type.Union([Type.Literal('take_profit'), Type.Literal('stop'), Type.Null()]),
    exit_price: NullableNumber,
    realised_r: Type.Union([Type.Number(), Type.Null()], {
      description: 'Exit minus fill over fill minus stop (signed for the side), once closed',
    }),
    error: Nullable(Type.String()),
    created_at: Instant,
    updated_at: Instant,
  },
  { additionalProperties: false },
);

export const AuditEntry = Type.Object(
  {
    id: Type.String(),
    order_id: Nullable(Type.String()),
    at: Instant,
    method: Type.String(),
    path: Type.String(),
    request_body: Type.Unknown(),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'null: no answer came (timeout, refused connection)',
    }),
    response_body: Type.Unknown(),
    duration_ms: Type.Integer(),
    error: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const Position = Type.Object(
  {
    ticker: Type.String(),
    qty: Type.Number({ description: 'Negative for a short' }),
    avg_entry_price: Type.Number(),
    market_value: Type.Number(),
    unrealized_pl: Type.Number(),
  },
  { additionalProperties: false },
);

export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 400 })),
});

export const KeyId = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[\\x21-\\x7e]+$',
  description: "The broker API key id (Alpaca's APCA-API-KEY-ID)",
  examples: ['PKDEMO0000000000DEMO'],
});

export const Secret = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: '^[\\x21-\\x7e]+$',
  description: 'The broker API secret. Write-only: stored encrypted, never returned, logged or shown again',
  examples: ['demo-secret-not-a-real-one'],
});
