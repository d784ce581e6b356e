/** Pieces of the analytics endpoints' documented 200 answers (OpenAPI), shared so they read alike. */
export const ADJUSTMENT = { type: 'string', enum: ['raw', 'split', 'split_div'] } as const;
export const OPEN_OBJECTS = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** A 200 answer: `as_of`, the `parameters` used, the endpoint's own members, and an example. */
export function analyticsResponse(properties: Readonly<Record<string, unknown>>, example: unknown) {
  return {
    200: {
      type: 'object',
      additionalProperties: true,
      properties: {
        as_of: { type: 'string', description: 'The instant the answer is as of (ISO-8601)' },
        parameters: {
          type: 'object',
          additionalProperties: true,
          description: 'Every parameter used, defaults included',
        },
        ...properties,
      },
      examples: [example],
    },
  };
}
