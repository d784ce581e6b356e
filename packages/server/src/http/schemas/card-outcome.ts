import { Type } from '@sinclair/typebox';
import { Timestamp } from './common.js';

const N = (description?: string) =>
  Type.Union([Type.Number(description === undefined ? {} : { description }), Type.Null()]);

/** A card's recorded outcome (docs/signals/outcomes.md); written once, never rewritten. */
export const CardOutcome = Type.Object(
  {
    status: Type.Union(['unfilled', 'stopped', 't1', 't2', 'expired'].map((s) => Type.Literal(s))),
    t1_before_stop: Type.Union([Type.Boolean(), Type.Null()]),
    fill_price: N(),
    fill_session: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    outcome_session: Type.String({ format: 'date' }),
    r_multiple: N('Realised R under the management rule, before costs'),
    mfe_r: N('Maximum favourable excursion from the fill, in R'),
    mae_r: N('Maximum adverse excursion from the fill, in R'),
    exit_reason: Type.Union(
      [...['target_2', 'stop', 'breakeven', 'time', 'not_filled'].map((s) => Type.Literal(s)), Type.Null()],
      { description: 'How the position ended (null on outcomes recorded before it was)' },
    ),
    sessions_held: N('Sessions from the fill to the exit, both counted'),
    cost_r: N('Round-trip costs in R at the configured basis points'),
    r_net: N('r_multiple net of cost_r'),
    null_draws: N('Matched random cards drawn for the null model'),
    null_filled: N('Of them, filled and resolved'),
    null_t1_rate: N('Their share reaching T1 before the stop'),
    null_r_net: N('Their mean net R'),
    recorded_at: Timestamp,
  },
  { additionalProperties: false },
);
