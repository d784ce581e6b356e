import { Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../problems/catalog.js';

/** UTC ISO-8601 timestamp with `Z`. */
export const Timestamp = Type.String({
  format: 'date-time',
  pattern: 'Z$',
  examples: ['2026-11-20T14:30:00Z'],
});

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
    request_id: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), detail: Type.String() }))),
    required_plan: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    violated_policies: Type.Optional(Type.Array(Type.String())),
    suggestion: Type.Optional(
      Type.String({ description: 'A close match for a misspelt ticker or name, when there is one' }),
    ),
    data_covers: Type.Optional(
      Type.Array(
        Type.Object({
          ticker: Type.Optional(Type.String()),
          from: Type.Union([Type.String(), Type.Null()]),
          to: Type.Union([Type.String(), Type.Null()]),
        }),
        {
          description:
            '`no_data`: what the stored data cover (first and last date or instant; null when nothing is stored), per ticker where it applies',
        },
      ),
    ),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);
