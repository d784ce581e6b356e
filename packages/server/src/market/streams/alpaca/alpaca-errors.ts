import type { StreamProblemKind } from '../stream-problem.js';

/**
 * Alpaca's market-data stream error codes, as its documentation lists them ("Real-time stock data —
 * Errors", docs.alpaca.markets/docs/streaming-market-data): each message arrives as
 * `[{"T":"error","code":406,"msg":"connection limit exceeded"}]`.
 */
const KINDS: Readonly<Record<number, StreamProblemKind>> = {
  400: 'rejected', // invalid syntax
  401: 'auth_refused', // not authenticated (subscribed before authenticating)
  402: 'auth_refused', // auth failed
  403: 'rejected', // already authenticated
  404: 'auth_refused', // auth timeout
  405: 'symbol_limit', // symbol limit exceeded
  406: 'connection_limit', // connection limit exceeded
  407: 'slow_client', // slow client
  408: 'not_entitled', // v2 not enabled
  409: 'not_entitled', // insufficient subscription
  410: 'rejected', // invalid subscribe action for this feed
  500: 'rejected', // internal error
};

/** The kind of an Alpaca stream error code (an unknown code is `rejected`, with its code kept). */
export function alpacaProblemKind(code: number): StreamProblemKind {
  return KINDS[code] ?? 'rejected';
}
