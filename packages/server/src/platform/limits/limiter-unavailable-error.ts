/**
 * The limiter's backing store (Redis, or the usage repository during hydration) failed. Always
 * carries the underlying fault as `cause`; the HTTP layer answers 503 with Retry-After.
 */
export class LimiterUnavailableError extends Error {
  override readonly name = 'LimiterUnavailableError';

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}
