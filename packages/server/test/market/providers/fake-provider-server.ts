import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in answers to one request. */
export interface FakeAnswer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Never answer (the client's timeout or abort is what ends the request). */
  readonly hang?: boolean;
}

/** A request as the stand-in received it. */
export interface SeenRequest {
  readonly url: URL;
  readonly headers: http.IncomingHttpHeaders;
}

/**
 * A loopback HTTP server standing in for a market-data provider: each request is answered by the
 * handler the test sets, and recorded. 127.0.0.1 only; `close()` ends hanging requests too.
 */
export class FakeProviderServer {
  readonly seen: SeenRequest[] = [];
  handler: (req: SeenRequest) => FakeAnswer = () => ({ status: 500, body: 'no handler' });
  readonly #server: http.Server;
  readonly #hanging = new Set<http.ServerResponse>();

  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<FakeProviderServer> {
    const server = http.createServer();
    const fake = new FakeProviderServer(server);
    server.on('request', (req, res) => {
      const seen = {
        url: new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`),
        headers: req.headers,
      };
      fake.seen.push(seen);
      const answer = fake.handler(seen);
      if (answer.hang === true) {
        fake.#hanging.add(res);
        return;
      }
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }
}
