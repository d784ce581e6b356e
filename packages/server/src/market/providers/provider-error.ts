/**
 * What went wrong with a provider call, as the sync needs to tell it apart:
 * - `throttled`: the provider refused for its rate limit (HTTP 429, or a documented throttle notice in
 *   a 200 answer); `retryAfterSeconds` when it said how long to wait;
 * - `unknown_symbol`: the provider does not know the ticker (retrying will not help);
 * - `unauthorized`: the key was refused (retrying will not help);
 * - `unavailable`: a 5xx, a timeout or a broken connection (worth retrying later);
 * - `malformed`: an answer that does not read as the documented format (a truncated body, a row that
 *   does not parse); nothing of it is used.
 */
export type ProviderErrorKind = 'throttled' | 'unknown_symbol' | 'unauthorized' | 'unavailable' | 'malformed';

/**
 * A provider call's failure. Its message names the provider, the kind and the request's path, never
 * its query string or headers (where keys travel).
 */
export class ProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    provider: string,
    kind: ProviderErrorKind,
    detail: string,
    options: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    // No `cause`: a parser's or a socket's message may quote a body or a URL with its key.
    super(`${provider}: ${kind}: ${detail}`);
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Worth trying again later (after `retryAfterSeconds` when given). */
  get retryable(): boolean {
    return this.kind === 'throttled' || this.kind === 'unavailable';
  }
}
