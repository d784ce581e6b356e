/**
 * A start-up failure the operator can act on (a dependency unreachable, an unsafe data directory): a
 * stable `code` and a message naming what failed and what to do. The CLI prints it as is (`--json`: the
 * JSON error document) instead of a stack.
 */
export class StartupError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** An error's own words: its message, else its code, else those of the errors it aggregates. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.message !== '') return err.message;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  if (err instanceof AggregateError && err.errors.length > 0)
    return [...new Set(err.errors.map(describeError))].join('; ');
  return err.name;
}
