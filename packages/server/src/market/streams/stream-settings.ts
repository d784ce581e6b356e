import type { BackoffSettings } from './backoff.js';

/** How a stream keeps itself alive (named settings; defaults in {@link DEFAULT_STREAM_SETTINGS}). */
export interface StreamSettings {
  readonly backoff: BackoffSettings;
  /** From opening the socket to the provider's `ready` (authenticated), at most. */
  readonly handshakeMs: number;
  /** A WebSocket ping this often; a connection that answers nothing (not even a pong) for 2× this is dead. */
  readonly pingMs: number;
  /** No market data this long while the market is open and tickers are followed: a silent connection. */
  readonly silenceMs: number;
}

/**
 * Defaults: reconnect within 0.5 s, 1 s, 2 s … (full jitter) up to 30 s; 10 s to authenticate; a ping
 * every 10 s; 60 s without data while the market is open is silence (a liquid list prints every second).
 */
export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  backoff: { baseMs: 500, capMs: 30_000 },
  handshakeMs: 10_000,
  pingMs: 10_000,
  silenceMs: 60_000,
};
