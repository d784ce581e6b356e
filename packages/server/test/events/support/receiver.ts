import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/** How the receiver answers one request: a status (with headers), after a delay, or never. */
export type Behaviour =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly delayMs?: number }
  | { readonly hang: true };

/**
 * A webhook receiver on a loopback port, as a customer would run one: it records every request and
 * answers as told — the next queued behaviour, else `fallback` (200).
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly #queue: Behaviour[] = [];
  readonly #hanging = new Set<ServerResponse>();
  fallback: Behaviour = { status: 200 };
  #waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/hooks'): Promise<Receiver> {
    let self: Receiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self?.handle(req.headers, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new Receiver(server, `http://127.0.0.1:${port}${path}`);
    return self;
  }

  /** Queues how the next requests are answered, in order. */
  answer(...behaviours: Behaviour[]): this {
    this.#queue.push(...behaviours);
    return this;
  }

  /** Resolves when `n` requests have arrived in all (rejects after `ms`). */
  async waitFor(n: number, ms = 10_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < n) {
      if (Date.now() > deadline)
        throw new Error(`receiver got ${this.received.length} of ${n} requests in ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.received;
  }

  private handle(headers: IncomingHttpHeaders, body: string, res: ServerResponse): void {
    this.received.push({ headers, body, at: Date.now() });
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
    const b = this.#queue.shift() ?? this.fallback;
    if ('hang' in b) {
      this.#hanging.add(res);
      return;
    }
    const answer = () => {
      res.writeHead(b.status, { 'content-type': 'text/plain', ...(b.headers ?? {}) });
      res.end(`status ${b.status}`);
    };
    if (b.delayMs === undefined) answer();
    else setTimeout(answer, b.delayMs);
  }

  async close(): Promise<void> {
    for (const r of this.#hanging) r.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
