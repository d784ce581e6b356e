/** The forms a bulk answer takes: one JSON document, or a stream of NDJSON lines or CSV rows. */
export const ANSWER_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

/** `format=` when given, else what `Accept` asks for (NDJSON, or CSV unless JSON is acceptable too), else JSON. */
export function answerFormat(format: unknown, accept: string | undefined): AnswerFormat {
  if (typeof format === 'string' && (ANSWER_FORMATS as readonly string[]).includes(format))
    return format as AnswerFormat;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('application/x-ndjson')) return 'ndjson';
  if (a.includes('text/csv') && !a.includes('application/json')) return 'csv';
  return 'json';
}
