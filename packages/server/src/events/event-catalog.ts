import { type TSchema, Type } from '@sinclair/typebox';
import { STALE_REASONS } from '../market/sync/stale-reason.js';
import type { Entitlement } from '../platform/plans/entitlements.js';

/** Who sees an event: one account, every account entitled to it (market-wide), or one webhook endpoint. */
export type EventScope = 'account' | 'market' | 'endpoint';

export interface EventTypeDef {
  readonly type: string;
  readonly summary: string;
  readonly scope: EventScope;
  /** What a plan must include for an account to receive a market-wide event. */
  readonly entitlement: Entitlement;
  /** The JSON schema of `data`. */
  readonly data: TSchema;
}

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const Session = Type.String({ format: 'date', description: 'A trading session, YYYY-MM-DD' });
const open = { additionalProperties: true } as const;
/** Why a ticker is stale: a closed set of codes, never a provider's message (stale-reason.ts). */
const StaleReasonCode = Type.Union(
  Object.entries(STALE_REASONS).map(([code, description]) => Type.Literal(code, { description })),
  { description: 'Why the session is missing (a code; docs/events.md lists them)' },
);

const CardHeadline = Type.Object(
  {
    card_id: Type.String(),
    ticker: Nullable(Type.String()),
    direction: Nullable(Type.String()),
    setup: Nullable(Type.String()),
    conviction: Nullable(Type.Number()),
  },
  open,
);

const KeyData = (at: 'rotated_at' | 'revoked_at') =>
  Type.Object(
    { key_id: Type.String(), name: Type.String(), last4: Type.String(), [at]: Instant },
    { ...open, description: 'The key, by id, name and last four characters: never its secret' },
  );

const AnalysisCommon = {
  job_id: Type.String(),
  key_id: Type.String(),
  ticker: Type.String(),
  tier: Type.String(),
  created_at: Instant,
  finished_at: Nullable(Instant),
};

const BacktestCommon = {
  job_id: Type.String(),
  key_id: Type.String(),
  setup: Nullable(Type.String()),
  created_at: Instant,
  finished_at: Nullable(Instant),
};

const OrderEventCommon = {
  order_id: Type.String(),
  card_id: Type.String(),
  connection_id: Type.String(),
  ticker: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  client_order_id: Type.String(),
  broker_order_id: Type.String(),
};

const ScreenEventCommon = {
  screen_id: Type.String(),
  screen_name: Type.String(),
  session: Session,
  ticker: Type.String(),
  name: Type.String({ description: "The instrument's name" }),
};

/**
 * Every event type, in one place: what subscriptions accept, what the stream filters by, and what the
 * AsyncAPI and OpenAPI documents describe (docs/events.md). Payloads are thin: ids and headlines, with
 * the full resource one GET away; they never carry secrets or another account's data.
 */
export const EVENT_TYPES: readonly EventTypeDef[] = [
  {
    type: 'cards.published',
    summary:
      "A session's trade cards were published: their ids and headlines, and the feed cursor they reach",
    scope: 'market',
    entitlement: 'cards',
    data: Type.Object(
      {
        session: Session,
        published_at: Instant,
        data_as_of: Instant,
        late: Type.Boolean({
          description: 'Published after the session closed (kept out of the track record)',
        }),
        note: Nullable(
          Type.String({
            description:
              'Why the session has no card, when it has none; the stale tickers it left out; the market filter off for want of a market series',
          }),
        ),
        count: Type.Integer({ minimum: 0 }),
        cards: Type.Array(CardHeadline),
        feed_cursor: Type.Integer({ minimum: 0, description: "The cards feed's seq after this publication" }),
      },
      open,
    ),
  },
  {
    type: 'card.outcome',
    summary: "A published card's outcome is known: t1, t2, stopped, expired or unfilled",
    scope: 'market',
    entitlement: 'cards',
    data: Type.Object(
      {
        card_id: Type.String(),
        session: Session,
        ticker: Nullable(Type.String()),
        direction: Nullable(Type.String()),
        status: Type.Union(['unfilled', 'stopped', 't1', 't2', 'expired'].map((s) => Type.Literal(s))),
        exit_reason: Nullable(Type.String()),
        outcome_session: Session,
        r_multiple: Nullable(Type.Number()),
        r_net: Nullable(Type.Number()),
      },
      open,
    ),
  },
  {
    type: 'analysis.succeeded',
    summary: 'An analysis job of the account finished; its report is ready',
    scope: 'account',
    entitlement: 'analysis',
    data: Type.Object({ ...AnalysisCommon, report_id: Type.String() }, open),
  },
  {
    type: 'analysis.failed',
    summary: 'An analysis job of the account failed, with its problem',
    scope: 'account',
    entitlement: 'analysis',
    data: Type.Object(
      {
        ...AnalysisCommon,
        error: Type.Object(
          { code: Type.String(), title: Type.String(), detail: Type.Optional(Type.String()) },
          open,
        ),
      },
      open,
    ),
  },
  {
    type: 'backtest.succeeded',
    summary: 'A backtest job of the account finished; its report is ready',
    scope: 'account',
    entitlement: 'analysis',
    data: Type.Object({ ...BacktestCommon, report_id: Type.String() }, open),
  },
  {
    type: 'backtest.failed',
    summary: 'A backtest job of the account failed, with its problem',
    scope: 'account',
    entitlement: 'analysis',
    data: Type.Object(
      {
        ...BacktestCommon,
        error: Type.Object(
          { code: Type.String(), title: Type.String(), detail: Type.Optional(Type.String()) },
          open,
        ),
      },
      open,
    ),
  },
  {
    type: 'key.rotated',
    summary: "One of the account's API keys was rotated: the old secret no longer works",
    scope: 'account',
    entitlement: 'account',
    data: KeyData('rotated_at'),
  },
  {
    type: 'key.revoked',
    summary: "One of the account's API keys was revoked",
    scope: 'account',
    entitlement: 'account',
    data: KeyData('revoked_at'),
  },
  {
    type: 'quota.warning',
    summary: "A key's quota window is 80 % or 100 % used",
    scope: 'account',
    entitlement: 'account',
    data: Type.Object(
      {
        key_id: Type.String(),
        threshold: Type.Union([Type.Literal(80), Type.Literal(100)], {
          description: 'Per cent of the quota',
        }),
        window: Type.Union([Type.Literal('hour'), Type.Literal('month')]),
        window_start: Instant,
        resets_at: Instant,
        limit: Type.Integer(),
        used: Type.Integer(),
      },
      open,
    ),
  },
  {
    type: 'data.stale',
    summary: "A ticker's bars for its last session did not arrive from the market-data providers",
    scope: 'market',
    entitlement: 'account',
    data: Type.Object(
      {
        ticker: Type.String(),
        expected_session: Session,
        known_through: Nullable({
          ...Session,
          description: 'The last session whose bar is stored (null: none)',
        }),
        provider: Nullable(Type.String()),
        reason: StaleReasonCode,
      },
      open,
    ),
  },
  {
    type: 'data.fresh',
    summary: "A ticker that was stale has its last session's bars again",
    scope: 'market',
    entitlement: 'account',
    data: Type.Object(
      {
        ticker: Type.String(),
        session: { ...Session, description: 'The session that arrived' },
        known_through: Session,
        provider: Nullable(Type.String()),
        stale_since: { ...Instant, description: 'When the ticker was first found stale' },
        was_reason: StaleReasonCode,
      },
      open,
    ),
  },
  {
    type: 'webhook.endpoint_disabled',
    summary: 'A webhook endpoint of the account was disabled: its receiver answered 410 or kept failing',
    scope: 'account',
    entitlement: 'account',
    data: Type.Object(
      {
        endpoint_id: Type.String(),
        url: Type.String(),
        reason: Type.Union([Type.Literal('gone'), Type.Literal('failing')]),
        failing_since: Nullable(Instant),
      },
      open,
    ),
  },
  {
    type: 'screen.entered',
    summary:
      "A ticker matches one of the account's saved screens at a session's close and did not at the one before",
    scope: 'account',
    entitlement: 'screener',
    data: Type.Object(
      {
        ...ScreenEventCommon,
        values: Type.Record(Type.String(), Nullable(Type.Number()), {
          description: "Every value the screen reads, at the session's close (as /screener answers it)",
        }),
      },
      open,
    ),
  },
  {
    type: 'screen.left',
    summary: "A ticker that matched one of the account's saved screens no longer does at a session's close",
    scope: 'account',
    entitlement: 'screener',
    data: Type.Object(
      {
        ...ScreenEventCommon,
        reason: Type.Union(
          ['condition_false', 'undecided', 'stale', 'no_data', 'data_issue', 'not_in_universe'].map((s) =>
            Type.Literal(s),
          ),
          {
            description:
              'condition_false: evaluated and no longer matching; undecided: a value it reads is missing; stale: its data stop before the session; no_data: no bars; data_issue: its stored data cannot be served (GET /instruments/{ticker} lists its data_issues); not_in_universe: delisted, or no longer in the sector, asset class or exchange screened',
          },
        ),
        values: Nullable(
          Type.Record(Type.String(), Nullable(Type.Number()), {
            description: 'The values at the close when the ticker was evaluated (condition_false, undecided)',
          }),
        ),
      },
      open,
    ),
  },
  {
    type: 'order.filled',
    summary: 'The entry of an order placed from a card filled at the broker (as reconciliation read it)',
    scope: 'account',
    entitlement: 'brokers',
    data: Type.Object(
      {
        ...OrderEventCommon,
        filled_qty: Type.Integer(),
        filled_avg_price: Nullable(Type.Number()),
        filled_at: Nullable(Instant),
      },
      open,
    ),
  },
  {
    type: 'order.closed',
    summary: "An order's take-profit or stop leg filled: the trade is over, with its realised R",
    scope: 'account',
    entitlement: 'brokers',
    data: Type.Object(
      {
        ...OrderEventCommon,
        exit_reason: Type.Union([Type.Literal('take_profit'), Type.Literal('stop')]),
        exit_price: Type.Number(),
        realised_r: Nullable(
          Type.Number({ description: 'Exit minus fill over fill minus stop, signed for the side' }),
        ),
      },
      open,
    ),
  },
  {
    type: 'order.canceled',
    summary:
      'An order placed from a card ended without a fill: cancelled (kill switch, card expiry), expired or rejected',
    scope: 'account',
    entitlement: 'brokers',
    data: Type.Object(
      {
        ...OrderEventCommon,
        broker_status: Type.String(),
        filled_qty: Type.Integer(),
        canceled_at: Nullable(Instant),
      },
      open,
    ),
  },
  {
    type: 'webhook.test',
    summary: 'A test event sent to one endpoint on request',
    scope: 'endpoint',
    entitlement: 'account',
    data: Type.Object({ endpoint_id: Type.String(), message: Type.String() }, open),
  },
];

const BY_TYPE = new Map(EVENT_TYPES.map((d) => [d.type, d]));

export function eventTypeDef(type: string): EventTypeDef | undefined {
  return BY_TYPE.get(type);
}

/** The types an endpoint may subscribe to and a stream may filter by (test events are sent on request). */
export const SUBSCRIBABLE_TYPES: readonly string[] = EVENT_TYPES.filter((d) => d.scope !== 'endpoint').map(
  (d) => d.type,
);

/** Whether an account whose plan grants `entitlements` may see an event of `type`. */
export function mayReceive(type: string, entitlements: readonly string[]): boolean {
  const def = BY_TYPE.get(type);
  if (def === undefined) return false;
  return def.scope !== 'market' || entitlements.includes(def.entitlement);
}
