import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A loopback stand-in for Alpaca's market-data stream, written from its documentation
 * (docs.alpaca.markets, "WebSocket Stream", "Real-time Stock Data"): `/v2/{iex|sip}`, the
 * `connected` → `auth` → `authenticated` → `subscribe` → `subscription` exchange, JSON arrays of
 * `T`-tagged messages, and the documented errors it really produces — 401 subscribing before auth, 402
 * auth failed, 404 auth timeout, 405 symbol limit exceeded, 406 connection limit exceeded, 407 slow
 * client, 409 insufficient subscription. Test controls push trades and quotes, drop connections, go
 * silent (no pongs, no data) and replay recorded frames.
 */
export class AlpacaStandIn {
  readonly received: { feed: string; message: Record<string, unknown> }[] = [];
  /** Connections accepted in all (the runner's reconnects show here). */
  connections = 0;
  #server: WebSocketServer;
  #clients = new Map<WebSocket, { feed: string; authed: boolean; trades: Set<string> }>();
  #silent = false;
  #waiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      readonly key: string;
      readonly secret: string;
      /** Feeds the account may use (default: iex only, the free plan). */
      readonly feeds?: readonly string[];
      /** Trade/quote symbols a connection may subscribe (the free plan's 30). */
      readonly symbolLimit?: number;
      /** Authenticated connections the account may hold at once (1, as documented). */
      readonly connectionLimit?: number;
      readonly authTimeoutMs?: number;
    },
  ) {
    this.#server = new WebSocketServer({ host: '127.0.0.1', port: 0, autoPong: false });
    this.#server.on('connection', (socket, request) => this.#accept(socket, request.url ?? ''));
  }

  async ready(): Promise<void> {
    if (this.#server.address() === null)
      await new Promise<void>((resolve) => this.#server.once('listening', () => resolve()));
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v2`;
  }

  /** Resolves once some connection is authenticated with at least `symbols` trade subscriptions. */
  async subscribed(symbols = 1): Promise<void> {
    while (![...this.#clients.values()].some((c) => c.authed && c.trades.size >= symbols))
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** The trade symbols of the authenticated connections. */
  subscriptions(): string[] {
    return [...this.#clients.values()].filter((c) => c.authed).flatMap((c) => [...c.trades].sort());
  }

  /** Sends `items` (one frame, a JSON array) to every authenticated connection subscribed to their symbols. */
  push(items: readonly Record<string, unknown>[]): void {
    for (const [socket, c] of this.#clients)
      if (c.authed) {
        const mine = items.filter((i) => typeof i.S !== 'string' || c.trades.has(i.S));
        if (mine.length > 0) socket.send(JSON.stringify(mine));
      }
  }

  /** Sends a raw frame (possibly malformed) to every authenticated connection. */
  raw(text: string): void {
    for (const [socket, c] of this.#clients) if (c.authed) socket.send(text);
  }

  /** Every connection dropped at once, as a network cut does (no close frame). */
  dropAll(): void {
    for (const socket of this.#clients.keys()) socket.terminate();
  }

  /** What Alpaca does to a client that reads too slowly: error 407, then the connection closes. */
  slowClient(): void {
    for (const socket of this.#clients.keys()) this.#refuse(socket, 407, 'slow client');
  }

  /** The connection stays open but says nothing: no data, no pongs. */
  silence(on: boolean): void {
    this.#silent = on;
  }

  async close(): Promise<void> {
    for (const socket of this.#clients.keys()) socket.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(socket: WebSocket, url: string): void {
    this.connections++;
    const feed = url.replace(/^\/v2\//, '');
    const state = { feed, authed: false, trades: new Set<string>() };
    this.#clients.set(socket, state);
    socket.on('close', () => this.#clients.delete(socket));
    socket.on('ping', (data) => {
      if (!this.#silent) socket.pong(data);
    });
    const timeout = setTimeout(() => {
      if (!state.authed) this.#refuse(socket, 404, 'auth timeout');
    }, this.options.authTimeoutMs ?? 10_000);
    socket.on('close', () => clearTimeout(timeout));
    socket.on('message', (data) => this.#onMessage(socket, state, data.toString()));
    socket.send(JSON.stringify([{ T: 'success', msg: 'connected' }]));
  }

  #onMessage(
    socket: WebSocket,
    state: { feed: string; authed: boolean; trades: Set<string> },
    text: string,
  ): void {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(text) as Record<string, unknown>;
    } catch {
      this.#send(socket, [{ T: 'error', code: 400, msg: 'invalid syntax' }]);
      return;
    }
    this.received.push({ feed: state.feed, message: m });
    if (m.action === 'auth') {
      if (state.authed) {
        this.#send(socket, [{ T: 'error', code: 403, msg: 'already authenticated' }]);
        return;
      }
      if (m.key !== this.options.key || m.secret !== this.options.secret) {
        this.#refuse(socket, 402, 'auth failed');
        return;
      }
      if (!(this.options.feeds ?? ['iex']).includes(state.feed)) {
        this.#refuse(socket, 409, 'insufficient subscription');
        return;
      }
      const authed = [...this.#clients.values()].filter((c) => c.authed).length;
      if (authed >= (this.options.connectionLimit ?? 1)) {
        this.#refuse(socket, 406, 'connection limit exceeded');
        return;
      }
      state.authed = true;
      this.#send(socket, [{ T: 'success', msg: 'authenticated' }]);
      return;
    }
    if (m.action === 'subscribe' || m.action === 'unsubscribe') {
      if (!state.authed) {
        this.#send(socket, [{ T: 'error', code: 401, msg: 'not authenticated' }]);
        return;
      }
      const list = Array.isArray(m.trades) ? (m.trades as string[]) : [];
      const next = new Set(state.trades);
      for (const s of list) m.action === 'subscribe' ? next.add(s) : next.delete(s);
      if (next.size > (this.options.symbolLimit ?? 30)) {
        this.#send(socket, [{ T: 'error', code: 405, msg: 'symbol limit exceeded' }]);
        return;
      }
      state.trades = next;
      const symbols = [...next].sort();
      this.#send(socket, [
        {
          T: 'subscription',
          trades: symbols,
          quotes: symbols,
          bars: symbols,
          updatedBars: [],
          dailyBars: [],
          statuses: symbols,
          lulds: [],
          corrections: symbols,
          cancelErrors: symbols,
        },
      ]);
      for (const w of this.#waiters.splice(0)) w();
      return;
    }
    this.#send(socket, [{ T: 'error', code: 400, msg: 'invalid syntax' }]);
  }

  #send(socket: WebSocket, items: readonly Record<string, unknown>[]): void {
    if (!this.#silent) socket.send(JSON.stringify(items));
  }

  #refuse(socket: WebSocket, code: number, msg: string): void {
    socket.send(JSON.stringify([{ T: 'error', code, msg }]));
    socket.close();
  }
}

/** An Alpaca trade message (`T: "t"`) as documented: i id, x exchange, p price, s size, t RFC 3339 time. */
export function alpacaTrade(ticker: string, at: number, price: number, size: number, id: number, x = 'V') {
  return { T: 't', S: ticker, i: id, x, p: price, s: size, t: new Date(at).toISOString(), c: ['@'], z: 'C' };
}

/** An Alpaca quote message (`T: "q"`): bp/bs bid, ap/as ask. */
export function alpacaQuote(
  ticker: string,
  at: number,
  bid: number,
  bidSize: number,
  ask: number,
  askSize: number,
) {
  return {
    T: 'q',
    S: ticker,
    bx: 'V',
    bp: bid,
    bs: bidSize,
    ax: 'V',
    ap: ask,
    as: askSize,
    t: new Date(at).toISOString(),
    c: ['R'],
    z: 'C',
  };
}
