import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A loopback stand-in for Finnhub's trades WebSocket (finnhub.io/docs/api/websocket-trades): the token
 * in `?token=` (a wrong one refused at the upgrade with HTTP 401, one connection too many with 429),
 * `{"type":"subscribe","symbol"}` one symbol a message, `{"type":"trade","data":[{s,p,t,v,c}]}`,
 * `{"type":"ping"}` heartbeats, and `{"type":"error","msg":"Subscribing to too many symbols"}`.
 */
export class FinnhubStandIn {
  /** Every request URL the stand-in saw (the token is in it: tests check it never reaches a log). */
  readonly urls: string[] = [];
  connections = 0;
  #http: Server;
  #wss = new WebSocketServer({ noServer: true });
  #clients = new Map<WebSocket, Set<string>>();
  #waiters: (() => void)[] = [];

  constructor(
    private readonly options: {
      readonly token: string;
      readonly symbolLimit?: number;
      readonly connectionLimit?: number;
    },
  ) {
    this.#http = createServer();
    this.#http.on('upgrade', (request, socket, head) => {
      this.urls.push(request.url ?? '');
      const token = new URL(request.url ?? '/', 'http://x').searchParams.get('token');
      const refuse = (status: number, text: string) => {
        socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      };
      if (token !== this.options.token) return refuse(401, 'Unauthorized');
      if (this.#clients.size >= (this.options.connectionLimit ?? 1)) return refuse(429, 'Too Many Requests');
      this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws));
    });
    this.#http.listen(0, '127.0.0.1');
  }

  async ready(): Promise<void> {
    if (!this.#http.listening)
      await new Promise<void>((resolve) => this.#http.once('listening', () => resolve()));
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.#http.address() as AddressInfo).port}`;
  }

  async subscribed(symbols = 1): Promise<void> {
    while (![...this.#clients.values()].some((s) => s.size >= symbols))
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  subscriptions(): string[] {
    return [...this.#clients.values()].flatMap((s) => [...s].sort());
  }

  trades(data: readonly { s: string; p: number; t: number; v: number }[]): void {
    for (const [socket, symbols] of this.#clients) {
      const mine = data.filter((d) => symbols.has(d.s));
      if (mine.length > 0)
        socket.send(JSON.stringify({ type: 'trade', data: mine.map((d) => ({ ...d, c: null })) }));
    }
  }

  ping(): void {
    for (const socket of this.#clients.keys()) socket.send(JSON.stringify({ type: 'ping' }));
  }

  dropAll(): void {
    for (const socket of this.#clients.keys()) socket.terminate();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  #accept(socket: WebSocket): void {
    this.connections++;
    const symbols = new Set<string>();
    this.#clients.set(socket, symbols);
    socket.on('close', () => this.#clients.delete(socket));
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type?: string; symbol?: string };
      if (typeof m.symbol !== 'string') return;
      if (m.type === 'subscribe') {
        if (symbols.size >= (this.options.symbolLimit ?? 50))
          return socket.send(JSON.stringify({ type: 'error', msg: 'Subscribing to too many symbols' }));
        symbols.add(m.symbol);
      } else if (m.type === 'unsubscribe') symbols.delete(m.symbol);
      for (const w of this.#waiters.splice(0)) w();
    });
  }
}
