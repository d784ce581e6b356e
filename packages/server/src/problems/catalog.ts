/**
 * The closed catalogue of problem codes. Every error the API returns is one of these, rendered as
 * RFC 9457 problem+json with `type` = `/docs/errors/<code>`. A test keeps this catalogue, the OpenAPI
 * document and docs/errors.md in step.
 */
export const ERROR_CATALOG = {
  malformed_request: {
    status: 400,
    title: 'Malformed request',
    description:
      'The request could not be parsed: invalid JSON, an invalid header or an invalid query string.',
  },
  invalid_token: {
    status: 401,
    title: 'Missing or invalid API key',
    description:
      'The `Authorization: Bearer <API_KEY>` header is missing, malformed, has a bad checksum, or names a key that is unknown, revoked or rotated. Keys are accepted only in the header.',
  },
  invalid_credentials: {
    status: 401,
    title: 'Wrong email or password',
    description:
      'Dashboard sign-in failed. The answer is the same whether the email is unknown or the password wrong.',
  },
  sign_in_required: {
    status: 401,
    title: 'Sign in first',
    description:
      'The dashboard call has no valid session cookie (never signed in, signed out, or expired after 8 hours). API keys are not accepted here.',
  },
  metrics_token_required: {
    status: 401,
    title: 'Metrics token required',
    description:
      "`/metrics` answers clients on the server's own machine, or any client sending the operator's metrics token as `Authorization: Bearer <token>`.",
  },
  plan_required: {
    status: 403,
    title: 'Your plan does not include this endpoint',
    description:
      'The key is valid but its account plan lacks the entitlement; `required_plan` names the cheapest plan that has it.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    description: 'The action is not allowed for this account (for example, creating keys without a plan).',
  },
  raw_data_disabled: {
    status: 403,
    title: 'Raw market data is not served here',
    description:
      "The operator has turned the raw-data routes (`/bars`, `/corporate-actions`, `/news`) off, usually because their data provider's licence forbids redistributing it. Instruments and the analytics computed from the data remain available.",
  },
  not_found: {
    status: 404,
    title: 'Not found',
    description: 'No such resource, or it belongs to another account.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    description: 'The path exists but does not support this method; see the `Allow` header.',
  },
  not_acceptable: {
    status: 406,
    title: 'Not acceptable',
    description: 'The API only produces `application/json` (and `application/problem+json` for errors).',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    description: 'The request did not arrive in full in time; the connection is closed.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description: 'The request conflicts with the current state of the resource.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    description: 'The request body exceeds the size limit.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    description: 'Request bodies must be `application/json`.',
  },
  headers_too_large: {
    status: 431,
    title: 'Request headers too large',
    description:
      'The request line and headers together exceed 16 KiB (a very long URL counts); the connection is closed.',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    description:
      'One or more parameters are invalid; `detail` names the first in words, `errors[]` lists each with a JSON pointer, and a misspelt name (metric, indicator, setup, optimiser…) asks "did you mean" its closest match, also given in `suggestion`.',
  },
  unknown_ticker: {
    status: 422,
    title: 'Unknown ticker',
    description:
      'The ticker is not in the instrument master; `suggestion` names a close match when there is one.',
  },
  insufficient_history: {
    status: 422,
    title: 'Insufficient history',
    description: 'Not enough bars before `as_of` for the requested computation.',
  },
  no_data: {
    status: 422,
    title: 'No data in the range',
    description:
      "Nothing is stored in the requested range (bars of a ticker, its news, feed versions, the cards' track record), so an answer would be empty. `data_covers` says what the stored data cover, per ticker where that differs; ask within it.",
  },
  data_issue: {
    status: 422,
    title: 'The ticker’s data cannot be served',
    description:
      'A stored bar of the ticker has no usable price, or one of its corporate actions cannot be read, so no figure computed from its prices could be trusted. `ticker` and `data_issues` (each with `date`, `subject` — bar, split or dividend —, `value` and `message`) say what and where; the same list is on GET /instruments/{ticker}. Universe-wide answers (the screener, cards) leave the ticker out by name instead.',
  },
  backtest_too_large: {
    status: 422,
    title: 'Backtest larger than the plan allows',
    description:
      "The backtest would replay more tickers × sessions than the plan allows one job (ADR 0101). `ticker_sessions`, `max_ticker_sessions`, `tickers` and `sessions` say by how much: narrow the universe or the dates, or split the range into several backtests. `POST /backtests?dry_run=true` quotes a backtest's size and cost without running it.",
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    description: 'The `Idempotency-Key` was already used with a different request body.',
  },
  broker_credentials_rejected: {
    status: 422,
    title: 'The broker refused these credentials',
    description:
      'The broker answered the account call with "not authorized": the key id or secret is wrong, revoked, or for the other environment (a paper key against live). Nothing was stored or changed.',
  },
  broker_refused: {
    status: 422,
    title: 'The broker refused the order',
    description:
      "The broker refused the request for a business reason; `broker_code` and `broker_message` are the broker's own words (buying power, market closed, a quantity or symbol it does not accept). The refusal is in the connection's audit log.",
  },
  insufficient_buying_power: {
    status: 422,
    title: 'Not enough buying power',
    description:
      "The order's notional (quantity × entry limit) is more than the broker account's buying power; `buying_power` and `notional` say by how much. Nothing was sent.",
  },
  order_cap_exceeded: {
    status: 422,
    title: 'Order over the connection’s caps',
    description:
      "The order's quantity or notional is over the connection's caps (`max_order_qty`, `max_order_notional`), or automation has spent its orders or risk for the session. Lower the size, or raise the caps on the connection. Nothing was sent.",
  },
  card_not_tradable: {
    status: 409,
    title: 'The card cannot be traded now',
    description:
      '`reason` says why: `expired` (its last session has closed), `not_published` (not yet published as of now), `price_beyond_zone` (the last trade is already past the entry zone, towards the target or through the stop: the setup as published no longer holds), or `no_price` (the broker has no last trade for the ticker). Nothing was sent.',
  },
  rate_limited: {
    status: 429,
    title: 'Burst limit exceeded',
    description:
      'More than the burst limit of requests in a sliding one-second window for this key. Retry after `Retry-After` seconds, with jitter.',
  },
  too_many_attempts: {
    status: 429,
    title: 'Too many attempts',
    description:
      'A throttled dashboard action was tried too often: sign-ins (every attempt per client address; failures per email, whether or not an account has it), key creations (per account and hour) or key rotations (per key and hour). Retry after `Retry-After` seconds: the wait is a back-off, never a lock-out.',
  },
  too_many_streams: {
    status: 429,
    title: 'Too many event streams',
    description:
      'The key already holds as many open event streams as one key may on this server. Close one (a reconnecting client should end its old connection first), or retry after `Retry-After` seconds.',
  },
  too_many_jobs: {
    status: 429,
    title: 'Too many analyses waiting',
    description:
      'The account already has as many analyses queued as one account may (a fifth of the queue), so that no account can fill the queue for the others. Submit more as they start, or retry after `Retry-After` seconds.',
  },
  too_many_invalid_keys: {
    status: 429,
    title: 'Too many invalid API keys',
    description:
      'This client address presented more unknown, revoked or wrong API keys than the server allows per minute; keys already accepted from it keep working. Retry after `Retry-After` seconds with a valid key.',
  },
  quota_exceeded: {
    status: 429,
    title: 'Quota exceeded',
    description:
      "The key has used its plan's quota for the current window; `Retry-After` says when the window resets.",
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    description: 'An unexpected fault. It has been logged with the `request_id`; no details are exposed.',
  },
  not_implemented: {
    status: 501,
    title: 'Not implemented yet',
    description: 'The endpoint is part of the contract but not available in this release.',
  },
  broker_unavailable: {
    status: 503,
    title: 'The broker is unavailable',
    description:
      'The broker did not answer in time, answered 5xx, or throttled us (429). For an order, it may or may not have reached the broker: retry with the same `Idempotency-Key` after `Retry-After` seconds and Bellwether finds it by its client order id instead of sending a second one.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    description:
      'A dependency (database, Redis) is down or the server is shedding load. Retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

export function errorTypeUri(code: ErrorCode): string {
  return `/docs/errors/${code}`;
}
