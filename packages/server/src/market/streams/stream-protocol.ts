import type { StreamEvent } from './stream-event.js';
import type { StreamProblem } from './stream-problem.js';

/** What one message (or one batch of them) from the provider said. */
export type ProtocolReading =
  | { readonly kind: 'connected' }
  | { readonly kind: 'ready' }
  | { readonly kind: 'event'; readonly event: StreamEvent }
  | { readonly kind: 'subscribed'; readonly tickers: readonly string[] }
  | { readonly kind: 'heartbeat' }
  | { readonly kind: 'problem'; readonly problem: StreamProblem };

/**
 * One provider's streaming protocol, as an adapter in `market/streams/<provider>/` writes it from the
 * provider's documentation: where to connect, what to send to authenticate and (un)subscribe, and what
 * each message it receives means. It holds no socket and no timer; {@link WsMarketStream} drives it.
 */
export interface StreamProtocol {
  /** Lower-case name, also the `source` of the quotes it brings (`alpaca-iex`, `finnhub`). */
  readonly name: string;
  /** The address to connect to, with any credential the provider wants in it: never logged. */
  connectUrl(): string;
  /** The address as it may appear in logs and problems (credentials redacted). */
  readonly logUrl: string;
  /** Messages to send once the socket opens, or once the provider says `connected` (`greetsOn`): authentication. */
  greet(): readonly string[];
  readonly greetsOn: 'open' | 'connected';
  /** Whether the provider must say `ready` (authenticated) before subscriptions are sent. */
  readonly waitsForReady: boolean;
  /** Messages subscribing to `tickers` (non-empty), and unsubscribing. */
  subscribe(tickers: readonly string[]): readonly string[];
  unsubscribe(tickers: readonly string[]): readonly string[];
  /** Every reading of one text message from the provider (a malformed one is a `malformed` problem). */
  read(text: string): readonly ProtocolReading[];
  /** Text that may hold a credential (an error's message), with every credential replaced by `[redacted]`. */
  redact(text: string): string;
  /** The most symbols the provider plan lets one connection follow. */
  readonly maxSymbols: number;
}
