import { Type } from '@sinclair/typebox';
import { RecordBooksCache } from '../../../cards/record-books.js';
import { sessionsThrough } from '../../../cards/track-outcomes.js';
import { type TrackRecordKind, trackRecord } from '../../../cards/track-record.js';
import { backfilledNote, trackRecordNote } from '../../../cards/track-record-note.js';
import { iso } from '../../../clock/iso.js';
import { validDate } from '../../../clock/valid-date.js';
import { addDays, localDateOf } from '../../../market/calendar/local-time.js';
import type { UniverseStatement } from '../../../market/universe/membership.js';
import { ProblemError } from '../../../problems/problem-error.js';
import { RECORD_BOOKS_OWNER } from '../../analytics/compute-pool.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { UNIVERSE_STATEMENT_SCHEMA } from '../../schemas/universe-statement.js';

const DATE = { format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const Query = Type.Object(
  {
    from: Type.Optional(
      Type.String({
        ...DATE,
        description:
          'First session (inclusive); default 365 days before `to`. A range wholly outside the track record is a 422 `no_data` naming the sessions it covers',
      }),
    ),
    to: Type.Optional(
      Type.String({
        ...DATE,
        description: 'Last session (inclusive); default today',
      }),
    ),
    record: Type.Optional(
      Type.Union([Type.Literal('published'), Type.Literal('backfilled')], {
        description:
          "`published` (default): the track record, cards published before their session. `backfilled`: the simulated record of sessions published after the fact (a fresh demo's history, `bellwether publish --backfill`), kept apart: nobody could have acted on those cards",
      }),
    ),
    risk_per_card: Type.Optional(
      Type.Number({
        minimum: 0.0001,
        maximum: 0.1,
        description: "The cards book's capital risked per card, a fraction of equity (default 0.01)",
      }),
    ),
    max_gross_exposure: Type.Optional(
      Type.Number({
        minimum: 0.1,
        maximum: 20,
        description:
          "The cards book's cap on gross exposure (default 1, no leverage): a card that would pass it is not taken",
      }),
    ),
    momentum_top: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'Tickers the momentum book holds (default 10)' }),
    ),
  },
  { additionalProperties: false },
);

const Nullable = (t: ReturnType<typeof Type.Number>) => Type.Union([t, Type.Null()]);
const Group = Type.Object({
  key: Type.String(),
  cards: Type.Integer(),
  resolved: Type.Integer(),
  filled: Type.Integer(),
  t1_hit_rate: Nullable(Type.Number()),
  t2_hit_rate: Nullable(Type.Number()),
  stop_rate: Nullable(Type.Number()),
  average_r: Nullable(Type.Number()),
  average_r_net: Nullable(Type.Number({ description: 'Mean R net of the costs recorded with each outcome' })),
  average_conviction: Nullable(Type.Number()),
});

const IntervalObject = Type.Object(
  {
    mean: Type.Number(),
    low: Type.Number(),
    high: Type.Number(),
    n: Type.Integer(),
    blocks: Type.Integer(),
  },
  { description: 'Mean with a 95 % block-bootstrap interval (blocks of 20 sessions)' },
);
const Interval = Type.Union([IntervalObject, Type.Null()]);
/** An interval with what it is the mean of; null when no card could be measured. */
const DescribedInterval = (description: string) => Type.Union([IntervalObject, Type.Null()], { description });

const Edge = Type.Object({
  key: Type.String(),
  cards: Type.Integer(),
  filled: Type.Integer(),
  t1_hit_rate: Nullable(Type.Number()),
  null_t1_hit_rate: Nullable(Type.Number({ description: "The matched random cards' T1 rate" })),
  average_r: Nullable(Type.Number()),
  average_r_net: Nullable(Type.Number()),
  null_average_r_net: Nullable(Type.Number({ description: "The matched random cards' mean net R" })),
  net_r: Interval,
  /** Mean of each card's net R minus its random copies' mean net R; an interval above zero is an edge. */
  edge_vs_null: Interval,
  // #48 (ADR 0089): the same-ticker null, the drift-adjusted result, the edge's p-values.
  same_ticker_null_average_r_net: Nullable(
    Type.Number({
      description:
        'Mean net R of same-ticker copies at random later sessions (within a year after the card, on the bars known at as_of; ADR 0099)',
    }),
  ),
  edge_vs_same_ticker_null: DescribedInterval(
    "Each card's net R less its same-ticker copies' mean: an interval above zero picks the moment",
  ),
  drift_adjusted_r_net: DescribedInterval(
    "Each card's net R less its ticker's own drift over the holding period, the drift from the 252 sessions before the card (recorded in the card at publication; estimated from the bars before the session for cards published before that)",
  ),
  drift_adjusted_edge: DescribedInterval(
    "The drift-adjusted net R less the cross-ticker copies' (each less its own ticker's drift)",
  ),
  edge_p_value: Nullable(
    Type.Number({ description: 'Two-sided block-bootstrap p-value of the edge over the cross-ticker null' }),
  ),
});
const EdgeKind = Type.Union(
  [Type.Literal('timing'), Type.Literal('selection'), Type.Literal('none'), Type.Null()],
  {
    description:
      "'timing' when the drift-adjusted edge's interval is above zero, 'selection' when only the raw edge's is, 'none' otherwise; null when the drift-adjusted edge was not measured",
  },
);
const HolmP = Nullable(
  Type.Number({
    description: 'The p-value Holm-adjusted over every group tested (setup, direction, bucket)',
  }),
);
const CorrectedEdge = Type.Composite([Edge, Type.Object({ edge_p_holm: HolmP })]);

const BookFigures = Type.Object({
  annual_return: Nullable(Type.Number({ description: 'Compound annual growth (252 sessions a year)' })),
  volatility: Nullable(Type.Number({ description: 'Annualised: sample sd of daily returns × √252' })),
  sharpe: Nullable(Type.Number({ description: 'Mean / sd of daily returns × √252, risk-free 0' })),
  max_drawdown: Nullable(Type.Number({ description: 'Deepest fall from a peak, ≤ 0' })),
  total_return: Nullable(Type.Number()),
  average_exposure: Type.Number({ description: 'Mean gross exposure at the closes (1 = fully invested)' }),
  equity: Type.Array(Type.Number(), {
    description: 'Equity at each close of `dates`, from 1 before the first',
  }),
});

const Books = Type.Union(
  [
    Type.Object({
      settings: Type.Object({
        cost_bps_per_side: Type.Number(),
        risk_per_card: Type.Number(),
        max_gross_exposure: Type.Number(),
        momentum: Type.Object({ top: Type.Integer(), lookback: Type.Integer(), skip: Type.Integer() }),
      }),
      dates: Type.Array(Type.String({ format: 'date' })),
      cards: Type.Object({
        ...BookFigures.properties,
        trades: Type.Integer({ description: 'Filled cards traded' }),
        no_room: Type.Integer({
          description: 'Filled cards not taken: no room under the gross exposure cap',
        }),
      }),
      equal_weight: BookFigures,
      equal_weight_at_cards_exposure: BookFigures,
      momentum: BookFigures,
    }),
    Type.Null(),
  ],
  {
    description:
      "The record's filled cards as a book (each risking `risk_per_card` of equity) beside equal weight of the publication universe bought and held (plain, and at the cards book's average exposure) and a 12-1 momentum top-N rebalanced monthly, on the record's sessions at the cards' costs (docs/signals/reference-books.md); null before the record starts",
  },
);

const Response = Type.Object({
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  as_of: Type.String(),
  record: Type.Union([Type.Literal('published'), Type.Literal('backfilled')], {
    description:
      'Which record these figures are: the track record (`published`) or the simulated one (`backfilled`)',
  }),
  record_starts: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'The first session published on time: the track record starts there (null before one)',
  }),
  note: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why the figures are empty (null) when they are: no session published on time yet, none in the window, or no outcome recorded yet; for the backfilled record, that it is simulated',
  }),
  late_cards_excluded: Type.Integer({
    description: 'Cards of backfilled sessions in the window: in the ledger, not in these figures',
  }),
  edge: Type.Object(
    {
      overall: Type.Composite([Edge, Type.Object({ edge_kind: EdgeKind })]),
      by_setup: Type.Array(Type.Composite([CorrectedEdge, Type.Object({ edge_kind: EdgeKind })])),
      by_direction: Type.Array(CorrectedEdge),
      by_conviction: Type.Array(CorrectedEdge),
      groups_tested: Type.Integer({
        description: 'Groups whose edge was tested, the count the Holm adjustment corrects for',
      }),
    },
    { description: 'The cards against the null model of matched random cards (docs/signals/edge.md)' },
  ),
  expected_r_reliability: Type.Array(
    Type.Object({
      from: Nullable(Type.Number()),
      to: Nullable(Type.Number()),
      cards: Type.Integer(),
      predicted: Nullable(Type.Number()),
      realised: Nullable(Type.Number()),
    }),
    { description: 'Published expected R against realised net R, per band of the prediction' },
  ),
  overall: Group,
  by_setup: Type.Array(Group),
  by_direction: Type.Array(Group),
  by_conviction: Type.Array(Group),
  calibration: Type.Array(
    Type.Object({
      from: Type.Number(),
      to: Type.Number(),
      cards: Type.Integer(),
      predicted: Nullable(Type.Number()),
      realised: Nullable(Type.Number()),
    }),
  ),
  brier: Type.Union([
    Type.Object({ conviction: Type.Number(), base_rate: Type.Number(), base: Type.Number() }),
    Type.Null(),
  ]),
  books: Books,
  universe: Type.Unsafe<UniverseStatement>({
    ...UNIVERSE_STATEMENT_SCHEMA,
    description: `The universe the record's cards and its books were drawn from, counted on the books' first session (the window's \`from\` when there are no books). ${UNIVERSE_STATEMENT_SCHEMA.description}`,
  }),
});

/** GET /cards/performance — the cards' published track record over a window of sessions. */
export function cardsPerformanceRoute(deps: AppDeps): ApiRouteDef {
  // The books are computed once per window, settings and what they read (bars, cards, outcomes).
  const books = new RecordBooksCache({
    market: deps.market,
    listings: deps.listings,
    membership: deps.storage.universeMembership,
    compute: (input) => deps.compute.admit(RECORD_BOOKS_OWNER).books(input),
    expiryBars: (session, expiresAt) => sessionsThrough(deps.calendar, session, expiresAt),
  });
  return {
    method: 'GET',
    path: '/cards/performance',
    operationId: 'getCardsPerformance',
    entitlement: 'basic_analytics',
    billable: true,
    summary: "The cards' published track record",
    description:
      'Hit rates (T1 before the stop, T2, stopped), average R gross and net of costs and counts by setup, direction and conviction label; the cards against a null model of matched random cards with bootstrap intervals; the calibration table (published conviction vs realised hit rate), the Brier score against the base rate, and the reliability of the published expected R; and the reference books: the cards as a book beside equal weight and 12-1 momentum of the same universe, sessions and costs (computed once per window and settings until new bars, cards or outcomes land); and `universe`, which universe the figures used and the survivorship that remains (ADR 0088). Backfilled (late) sessions are left out; `record=backfilled` shows them apart, labelled simulated. Outcome rules: docs/signals/outcomes.md; the null model: docs/signals/edge.md.',
    tags: ['cards'],
    schema: { querystring: Query, response: { 200: Response } },
    async handler(request) {
      const q = request.query as {
        from?: string;
        to?: string;
        record?: TrackRecordKind;
        risk_per_card?: number;
        max_gross_exposure?: number;
        momentum_top?: number;
      };
      const which = q.record ?? 'published';
      const now = deps.clock.now();
      // Sessions are exchange dates: "today" is the exchange's, not UTC's.
      const today = localDateOf(deps.calendar.timezone, now);
      const to = q.to ?? today;
      const from = q.from ?? addDays(to, -365);
      for (const [name, value] of [
        ['from', from],
        ['to', to],
      ] as const)
        if (!validDate(value))
          throw new ProblemError(
            'validation_failed',
            'from and to must be calendar dates such as 2026-01-02.',
            { extras: { errors: [{ pointer: `/query/${name}`, detail: 'must be a valid date' }] } },
          );
      if (from > to)
        throw new ProblemError('validation_failed', '`from` must not be after `to`.', {
          extras: { errors: [{ pointer: '/query/from', detail: `is after to (${to})` }] },
        });
      const [stored, recorded, start] = await Promise.all([
        deps.storage.cards.listRange(from, to),
        deps.storage.cards.outcomesInRange(from, to),
        deps.storage.cards.firstOnTimeSession(),
      ]);
      // A range the client placed wholly outside the record: say where the record is, not zeros.
      if (
        which === 'published' &&
        (q.from !== undefined || q.to !== undefined) &&
        (start === undefined || to < start || from > today)
      )
        throw new ProblemError(
          'no_data',
          start === undefined
            ? `No session has been published on time yet: the track record is empty, in ${from} … ${to} or any other range.`
            : `The track record runs from ${start} (the first session published on time) to ${today}; ${from} … ${to} lies outside it.`,
          { extras: { data_covers: [{ from: start ?? null, to: start === undefined ? null : today }] } },
        );
      // Only what was known at as_of: cards published by then, outcomes recorded by then (an as-of
      // replay over a database that already holds later ones must not see them).
      const nowMs = now.getTime();
      const cards = stored.filter((c) => Date.parse(c.published_at) <= nowMs);
      const outcomes = recorded.filter((o) => Date.parse(o.recorded_at) <= nowMs);
      const {
        books: referenceBooks,
        universe,
        nulls,
      } = await books.get(
        now,
        which,
        cards,
        outcomes,
        { from, to: to < today ? to : today, start },
        {
          universe: deps.cardsBooks?.universe,
          costBps: deps.cardsBooks?.costBps ?? 0,
          ...(q.risk_per_card === undefined ? {} : { riskPerCard: q.risk_per_card }),
          ...(q.max_gross_exposure === undefined ? {} : { maxGrossExposure: q.max_gross_exposure }),
          ...(q.momentum_top === undefined ? {} : { momentumTop: q.momentum_top }),
        },
      );
      const record = trackRecord(cards, outcomes, which, nulls);
      return {
        from,
        to,
        as_of: iso(now),
        record_starts: start ?? null,
        note:
          which === 'backfilled'
            ? backfilledNote(record.overall, from, to)
            : trackRecordNote(record.overall, start, from, to),
        ...record,
        books: referenceBooks,
        universe,
      };
    },
  };
}
