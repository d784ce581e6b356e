import { SETUPS } from '@bellwether/analytics';
import { Type } from '@sinclair/typebox';
import { Timestamp } from './common.js';

const Price = Type.Number({ exclusiveMinimum: 0 });

/**
 * A published trade card (DESIGN §1), as /cards serves it and the feed's `cards` dataset carries it.
 * Long: stop < entry_zone.low ≤ entry_zone.high < t1 < t2 (mirrored for short).
 */
export const TradeCard = Type.Object(
  {
    id: Type.String({
      description: 'Stable id: the same session, ticker, setup and direction give the same id',
    }),
    session: Type.String({ format: 'date', description: 'The trading session the card is for' }),
    asset: Type.Object(
      { ticker: Type.String(), name: Type.String(), asset_class: Type.String() },
      { additionalProperties: true },
    ),
    direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
    entry_zone: Type.Object({ low: Price, high: Price }),
    t1: Price,
    t2: Price,
    stop: Price,
    conviction: Type.Object({
      score: Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'Calibrated probability that T1 is reached before the stop (walk-forward, no look-ahead)',
      }),
      label: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    }),
    // The three below are absent only on cards published before they existed (ledger migration 0015).
    expected_r: Type.Optional(
      Type.Number({
        description:
          'Expected result in R once the entry fills, net of costs, learned from earlier outcomes only (walk-forward, like conviction); no card below the operator floor is published',
      }),
    ),
    costs: Type.Optional(
      Type.Object(
        {
          bps_per_side: Type.Number({
            description: 'Commission and slippage assumed per side, basis points',
          }),
          r: Type.Number({ description: 'That round trip in R at the entry zone edge and the stop' }),
        },
        { description: 'The costs expected_r and the net results are after' },
      ),
    ),
    published_late: Type.Optional(
      Type.Boolean({
        description:
          'Published after its session closed (a backfill): in the ledger, kept out of the track record',
      }),
    ),
    // ADR 0094. Absent on cards published before it: the ledger's cards are never rewritten.
    probabilities: Type.Optional(
      Type.Object(
        {
          t1_first: Type.Number({ minimum: 0, maximum: 1, description: 'P(T1 is reached before the stop)' }),
          stop_first: Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'P(the stop is reached before T1)',
          }),
          expiry: Type.Number({ minimum: 0, maximum: 1, description: 'P(the card expires with neither)' }),
        },
        {
          description:
            'How the card ends once its entry fills (an unfilled card has none of these outcomes): three probabilities that sum to 1 (rounded to hundredths, the rounding keeps the sum), from a multinomial model fitted on earlier outcomes only (walk-forward, like conviction). Absent on cards published before the field existed (ADR 0094; the ledger is never rewritten)',
        },
      ),
    ),
    thesis: Type.String({
      description:
        'Plain English, every figure taken from `evidence`; since ADR 0094 it ends with how likely T1, the stop and expiry are',
    }),
    setup: Type.Union(
      SETUPS.map((s) => Type.Literal(s.id)),
      { description: 'The setup whose rules fired (docs/signals/)' },
    ),
    evidence: Type.Object({}, { additionalProperties: true, description: 'The numbers behind the thesis' }),
    risk_reward: Type.Object(
      { t1: Type.Number(), t2: Type.Number() },
      { description: 'R-multiples at T1 and T2' },
    ),
    published_at: Timestamp,
    expires_at: Timestamp,
    data_as_of: Type.String({ description: 'Close of the last session whose data the card used' }),
    // Issue #48 (ADR 0093). Absent on cards published before it existed: the hash-chained ledger is never rewritten.
    // Issue #48 (ADR 0099). Absent on cards published before it: the ledger is never rewritten.
    drift: Type.Optional(
      Type.Object(
        {
          daily: Type.Union([Type.Number(), Type.Null()], {
            description:
              'Mean simple daily close-to-close return of the ticker over the returns ending at `through` (split- and dividend-adjusted); null with fewer than 60',
          }),
          returns: Type.Integer({ description: 'Daily returns the mean is over (at most 252)' }),
          through: Type.String({ format: 'date', description: 'The last session whose close it uses' }),
        },
        {
          description:
            "The ticker's own drift before the card's session, recorded at publication (point in time): the track record's drift-adjusted edge takes it out of the card's R (ADR 0099). Absent on cards published before it; the record estimates theirs from the bars before their session",
        },
      ),
    ),
    setup_status: Type.Optional(
      Type.Object(
        {
          status: Type.Union([Type.Literal('verified'), Type.Literal('unproven')], {
            description:
              '`verified`: the setup and direction beat matched random cards on the development years with a Holm-corrected p below 0.05 and a 95 % interval above zero; `unproven` otherwise',
          }),
          edge_kind: Type.Union([Type.Literal('timing'), Type.Literal('selection'), Type.Null()], {
            description:
              "Where a verified edge lies: `selection` (choosing the stock: it does not survive taking out the stock's own drift) or `timing` (the moment); null when unproven",
          }),
          measured: Type.String({
            description: 'Where the figures were measured: `2000–2012 point-in-time S&P 500`',
          }),
          edge_cross: Type.Union(
            [
              Type.Object({
                mean: Type.Number({ description: 'Mean net R over the mean of its matched random cards' }),
                ci_low: Type.Number(),
                ci_high: Type.Number({ description: '95 % block-bootstrap interval' }),
                p_holm: Type.Number({ description: 'Holm-adjusted p over every group the research tested' }),
              }),
              Type.Null(),
            ],
            {
              description:
                'The edge over the cross-ticker null on the development years; null when not measured',
            },
          ),
          reason: Type.Union([Type.String(), Type.Null()], {
            description: 'Why the setup is unproven, in one line (null when verified)',
          }),
        },
        {
          description:
            "The setup's status on the development years (docs/signals/research/setups-at-breadth-2000-2012.md). Absent on cards published before it existed: the ledger's cards are never rewritten",
        },
      ),
    ),
  },
  { additionalProperties: true },
);
