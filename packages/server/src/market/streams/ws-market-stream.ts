import WebSocket from 'ws';
import { JitteredBackoff } from './backoff.js';
import type { MarketStream, StreamReport, StreamSinks, StreamState } from './market-stream.js';
import type { StreamProblem } from './stream-problem.js';
import type { ProtocolReading, StreamProtocol } from './stream-protocol.js';
import type { StreamSettings } from './stream-settings.js';

/** What the runner needs from outside: the clock, the market's hours, and randomness for the jitter. */
export interface StreamEnvironment {
  readonly now: () => number;
  /** Whether the market is open now (silence is only suspicious then). */
  readonly marketOpen: () => boolean;
  readonly random?: () => number;
}

/** Refusals that retrying soon cannot cure: wait the longest back-off before trying again. */
const LONG_WAIT: ReadonlySet<StreamProblem['kind']> = new Set([
  'auth_refused',
  'connection_limit',
  'not_entitled',
]);
/** Problems after which the connection is given up and opened again. */
const RECONNECT: ReadonlySet<StreamProblem['kind']> = new Set([...LONG_WAIT, 'slow_client', 'silent']);

/**
 * A {@link MarketStream} over one WebSocket speaking a {@link StreamProtocol}: greets (authenticates),
 * subscribes to the followed tickers (at most the provider's symbol limit, the rest named in a
 * `symbol_limit` problem), keeps the subscriptions in step with `follow()`, and on any failure reports it
 * and reconnects after a jittered back-off, subscribing again. A connection that answers nothing for two
 * pings, or brings no data for `silenceMs` while the market is open, is closed as silent.
 */
export class WsMarketStream implements MarketStream {
  readonly source: string;
  #state: StreamState = 'idle';
  #socket: WebSocket | undefined;
  #wanted: string[] = [];
  #subscribed = new Set<string>();
  #backoff: JitteredBackoff;
  #retry: NodeJS.Timeout | undefined;
  #ticker: NodeJS.Timeout | undefined;
  #handshake: NodeJS.Timeout | undefined;
  #heardAt = 0;
  #dataAt = 0;
  #connections = 0;
  #events = 0;
  #lastProblem: StreamProblem | undefined;
  /** The problem that ended the current connection (so its close is not reported twice). */
  #ending: StreamProblem | undefined;
  #closed: Promise<void> | undefined;

  constructor(
    private readonly protocol: StreamProtocol,
    private readonly sinks: StreamSinks,
    private readonly settings: StreamSettings,
    private readonly env: StreamEnvironment,
  ) {
    this.source = protocol.name;
    this.#backoff = new JitteredBackoff(settings.backoff, env.random);
  }

  start(): void {
    if (this.#state !== 'idle') return;
    this.#connect();
  }

  follow(tickers: Iterable<string>): void {
    const all = [...new Set([...tickers].map((t) => t.trim().toUpperCase()).filter((t) => t !== ''))];
    const max = this.protocol.maxSymbols;
    if (all.length > max)
      this.#problem({
        provider: this.source,
        kind: 'symbol_limit',
        detail: `${all.length} tickers followed, the provider plan allows ${max} a connection: following the first ${max}, not ${all.slice(max, max + 5).join(', ')}${all.length > max + 5 ? '…' : ''}`,
      });
    this.#wanted = all.slice(0, max);
    if (this.#state === 'streaming') this.#syncSubscriptions();
  }

  report(): StreamReport {
    return {
      source: this.source,
      state: this.#state,
      followed: this.#wanted.length,
      subscribed: this.#subscribed.size,
      connections: this.#connections,
      events: this.#events,
      lastProblem: this.#lastProblem,
    };
  }

  close(): Promise<void> {
    if (this.#closed !== undefined) return this.#closed;
    this.#state = 'closed';
    this.#clearTimers();
    const socket = this.#socket;
    this.#socket = undefined;
    this.#closed =
      socket === undefined || socket.readyState === WebSocket.CLOSED
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            socket.once('close', () => resolve());
            socket.terminate();
          });
    return this.#closed;
  }

  #connect(): void {
    if (this.#state === 'closed') return;
    this.#state = 'connecting';
    this.#ending = undefined;
    this.#subscribed = new Set();
    this.#connections++;
    const socket = new WebSocket(this.protocol.connectUrl(), {
      handshakeTimeout: this.settings.handshakeMs,
      maxPayload: 16 * 1024 * 1024,
    });
    this.#socket = socket;
    this.#heardAt = this.env.now();
    this.#handshake = setTimeout(
      () =>
        this.#endConnection(socket, {
          provider: this.source,
          kind: 'silent',
          detail: `not ready within ${this.settings.handshakeMs} ms of connecting to ${this.protocol.logUrl}`,
        }),
      this.settings.handshakeMs,
    );
    socket.on('open', () => {
      if (socket !== this.#socket) return;
      this.#state = 'authenticating';
      this.#heardAt = this.env.now();
      this.#dataAt = this.env.now();
      this.#startTicker(socket);
      if (this.protocol.greetsOn === 'open') this.#greet(socket);
    });
    socket.on('message', (data, isBinary) => {
      if (socket !== this.#socket) return;
      this.#heardAt = this.env.now();
      if (isBinary) return;
      for (const reading of this.protocol.read(data.toString())) this.#onReading(socket, reading);
    });
    // A refused upgrade (Finnhub answers 401 to a bad token, 429 to one connection too many).
    socket.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      this.#endConnection(socket, {
        provider: this.source,
        kind:
          status === 401 || status === 403 ? 'auth_refused' : status === 429 ? 'connection_limit' : 'dropped',
        code: status,
        detail: `${this.protocol.logUrl} refused the connection with HTTP ${status}`,
      });
    });
    socket.on('pong', () => {
      if (socket === this.#socket) this.#heardAt = this.env.now();
    });
    socket.on('error', (err: Error & { code?: string }) => {
      if (socket !== this.#socket) return;
      this.#ending ??= {
        provider: this.source,
        kind: 'dropped',
        detail: `connection to ${this.protocol.logUrl} failed: ${this.protocol.redact(err.message)}`,
      };
    });
    socket.on('close', (code, reason) => {
      if (socket !== this.#socket) return;
      this.#socket = undefined;
      this.#clearTimers();
      if (this.#state === 'closed') return;
      const problem = this.#ending ?? {
        provider: this.source,
        kind: 'dropped' as const,
        detail: `connection to ${this.protocol.logUrl} closed (${code}${reason.length > 0 ? ` ${this.protocol.redact(reason.toString())}` : ''})`,
      };
      if (this.#ending === undefined) this.#problem(problem);
      this.#state = 'waiting';
      const wait = LONG_WAIT.has(problem.kind) ? this.#backoff.longest() : this.#backoff.next();
      this.#retry = setTimeout(() => this.#connect(), wait);
    });
  }

  #greet(socket: WebSocket): void {
    for (const m of this.protocol.greet()) socket.send(m);
    if (!this.protocol.waitsForReady) this.#ready();
  }

  #ready(): void {
    this.#state = 'streaming';
    if (this.#handshake !== undefined) clearTimeout(this.#handshake);
    this.#handshake = undefined;
    this.#backoff.reset();
    this.#syncSubscriptions();
  }

  #onReading(socket: WebSocket, reading: ProtocolReading): void {
    switch (reading.kind) {
      case 'connected':
        if (this.protocol.greetsOn === 'connected') this.#greet(socket);
        return;
      case 'ready':
        if (this.#state === 'authenticating') this.#ready();
        return;
      case 'subscribed':
        this.#subscribed = new Set(reading.tickers);
        return;
      case 'heartbeat':
        return;
      case 'event':
        this.#dataAt = this.env.now();
        this.#events++;
        this.sinks.onEvent(reading.event, this.source);
        return;
      case 'problem':
        if (RECONNECT.has(reading.problem.kind)) this.#endConnection(socket, reading.problem);
        else this.#problem(reading.problem);
        return;
    }
  }

  #syncSubscriptions(): void {
    const socket = this.#socket;
    if (socket === undefined || socket.readyState !== WebSocket.OPEN) return;
    const wanted = new Set(this.#wanted);
    const gone = [...this.#subscribed].filter((t) => !wanted.has(t));
    const added = this.#wanted.filter((t) => !this.#subscribed.has(t));
    if (gone.length > 0) for (const m of this.protocol.unsubscribe(gone)) socket.send(m);
    if (added.length > 0) for (const m of this.protocol.subscribe(added)) socket.send(m);
    this.#subscribed = wanted;
  }

  /** Reports `problem`, then closes the connection; its close schedules the next attempt. */
  #endConnection(socket: WebSocket, problem: StreamProblem): void {
    if (socket !== this.#socket || this.#ending !== undefined) return;
    this.#ending = problem;
    this.#problem(problem);
    socket.terminate();
  }

  #startTicker(socket: WebSocket): void {
    const every = Math.max(10, Math.min(this.settings.pingMs, this.settings.silenceMs / 2));
    this.#ticker = setInterval(() => {
      if (socket !== this.#socket) return;
      const now = this.env.now();
      if (now - this.#heardAt > 2 * this.settings.pingMs)
        return this.#endConnection(socket, {
          provider: this.source,
          kind: 'silent',
          detail: `nothing heard for ${now - this.#heardAt} ms (no data, no pong)`,
        });
      if (
        this.#state === 'streaming' &&
        this.#subscribed.size > 0 &&
        now - this.#dataAt > this.settings.silenceMs &&
        this.env.marketOpen()
      )
        return this.#endConnection(socket, {
          provider: this.source,
          kind: 'silent',
          detail: `no market data for ${now - this.#dataAt} ms while the market is open`,
        });
      if (socket.readyState === WebSocket.OPEN) socket.ping();
    }, every);
  }

  #problem(problem: StreamProblem): void {
    this.#lastProblem = problem;
    this.sinks.onProblem(problem);
  }

  #clearTimers(): void {
    for (const t of [this.#retry, this.#handshake]) if (t !== undefined) clearTimeout(t);
    if (this.#ticker !== undefined) clearInterval(this.#ticker);
    this.#retry = this.#handshake = this.#ticker = undefined;
  }
}
