/**
 * What went wrong on a market stream, as the stream's runner needs to tell it apart:
 * - `auth_refused`: the credentials were refused (retrying soon will not help; retried at the longest
 *   back-off in case the operator fixes the account);
 * - `connection_limit`: the provider allows no more connections for this account (another process holds
 *   it): retried at the longest back-off;
 * - `symbol_limit`: more symbols than the plan allows; the runner follows the first ones and names the rest;
 * - `not_entitled`: the feed or data asked for is not in the provider plan (SIP on a free account);
 * - `slow_client`: the provider dropped us for reading too slowly: reconnect;
 * - `silent`: no data nor heartbeat for too long while the market is open: reconnect;
 * - `dropped`: the connection closed or failed: reconnect;
 * - `malformed`: a message that does not read as the documented protocol (ignored, counted);
 * - `rejected`: any other error the provider reported (its code and message kept).
 */
export type StreamProblemKind =
  | 'auth_refused'
  | 'connection_limit'
  | 'symbol_limit'
  | 'not_entitled'
  | 'slow_client'
  | 'silent'
  | 'dropped'
  | 'malformed'
  | 'rejected';

/** A problem reported by a stream: its provider, kind, and the provider's own code and words if any. */
export interface StreamProblem {
  readonly provider: string;
  readonly kind: StreamProblemKind;
  /** The provider's error code (Alpaca's 402, 406…), when it sent one. */
  readonly code?: number;
  /** What happened, in words safe to log: never a key, a secret or a URL with its token. */
  readonly detail: string;
}
