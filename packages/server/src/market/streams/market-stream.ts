import type { StreamEvent } from './stream-event.js';
import type { StreamProblem } from './stream-problem.js';

/** Where a stream stands: `waiting` between a failure and the next attempt; `closed` after `close()`. */
export type StreamState = 'idle' | 'connecting' | 'authenticating' | 'streaming' | 'waiting' | 'closed';

/** What a stream reports about itself (for /metrics, /quotes and the logs). */
export interface StreamReport {
  readonly source: string;
  readonly state: StreamState;
  /** Tickers asked for, and those actually subscribed (at most the provider's symbol limit). */
  readonly followed: number;
  readonly subscribed: number;
  /** Connections opened since start, and events delivered. */
  readonly connections: number;
  readonly events: number;
  readonly lastProblem: StreamProblem | undefined;
}

/** Who hears a stream: every event, and every problem (already safe to log). */
export interface StreamSinks {
  onEvent(event: StreamEvent, source: string): void;
  onProblem(problem: StreamProblem): void;
}

/**
 * The port of live market data (DESIGN §4, issue #43): one provider's trades, quotes, minute bars and
 * statuses for a followed set of tickers that may change at any time. An implementation keeps itself
 * connected (reconnecting with back-off and subscribing again) until `close()`.
 */
export interface MarketStream {
  readonly source: string;
  /** Follow exactly these tickers from now on (subscribing to the new, unsubscribing from the gone). */
  follow(tickers: Iterable<string>): void;
  start(): void;
  close(): Promise<void>;
  report(): StreamReport;
}
