import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What SEC answers a tool that does not declare itself (a User-Agent without the operator and a contact
 * address): 403 with this page (quoted in public reports of it, e.g. pancak3lullz/SECurityTr8Ker#2).
 */
export const UNDECLARED_PAGE =
  '<html><body><h1>Your Request Originates from an Undeclared Automated Tool</h1><p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools. Please declare your traffic by updating your user agent to include company specific information.</p></body></html>';

/**
 * What SEC answers a user over its fair-access rate (10 requests a second): 403 with this page, and the
 * same for every request during the block, ten minutes, extended while the excess goes on.
 */
export const RATE_PAGE =
  '<html><body><h1>SEC.gov | Request Rate Threshold Exceeded</h1><p>Current guidelines limit users to a total of no more than 10 requests per second, regardless of the number of machines used to submit requests. The block is lifted after 10 minutes of reduced traffic.</p></body></html>';

/** A key S3 (behind data.sec.gov) does not hold: an unknown CIK. */
const NO_SUCH_KEY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';

export interface EdgarAnswer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/**
 * A loopback stand-in for SEC EDGAR (www.sec.gov and data.sec.gov on one port) serving recorded documents
 * by path (`/files/company_tickers.json`, `/api/xbrl/companyfacts/CIK##########.json`,
 * `/submissions/CIK##########.json`) in chunks, with EDGAR's refusals: 403 and the undeclared-tool page
 * without a User-Agent holding a contact address; 403 and the rate page over `perSecond` requests in any
 * second, then for every request during `blockMs`; a 404 (S3's NoSuchKey) for a document it does not hold;
 * and one-off answers a test queues (`next`: a 429 with Retry-After, a 503 of maintenance, a truncated body).
 */
export class EdgarStandIn {
  readonly documents = new Map<string, string>();
  readonly seen: { readonly path: string; readonly userAgent: string | undefined }[] = [];
  readonly next: EdgarAnswer[] = [];
  perSecond = 10;
  blockMs = 600_000;
  /** Bytes written at a time (a document arrives in many reads). */
  chunkBytes = 4096;
  readonly #server: http.Server;
  #stamps: number[] = [];
  #blockedUntil = 0;

  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<EdgarStandIn> {
    const server = http.createServer();
    const edgar = new EdgarStandIn(server);
    server.on('request', (req, res) => edgar.#answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return edgar;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Lifts a rate block and forgets past requests (between tests). */
  reset(): void {
    this.#stamps = [];
    this.#blockedUntil = 0;
    this.seen.length = 0;
    this.next.length = 0;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }

  #answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const path = new URL(req.url ?? '/', 'http://edgar').pathname;
    const userAgent = req.headers['user-agent'];
    this.seen.push({ path, userAgent });
    const now = Date.now();
    const send = (a: EdgarAnswer): true => {
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
      return true;
    };
    if (userAgent === undefined || !/\S+@\S+/.test(userAgent))
      return send({ status: 403, headers: { 'content-type': 'text/html' }, body: UNDECLARED_PAGE });
    this.#stamps = this.#stamps.filter((t) => t > now - 1000);
    this.#stamps.push(now);
    if (this.#stamps.length > this.perSecond) this.#blockedUntil = now + this.blockMs;
    if (now < this.#blockedUntil)
      return send({ status: 403, headers: { 'content-type': 'text/html' }, body: RATE_PAGE });
    const queued = this.next.shift();
    if (queued !== undefined) return send(queued);
    const doc = this.documents.get(path);
    if (doc === undefined)
      return send({ status: 404, headers: { 'content-type': 'application/xml' }, body: NO_SUCH_KEY });
    res.writeHead(200, { 'content-type': 'application/json' });
    const bytes = Buffer.from(doc);
    let at = 0;
    const more = () => {
      while (at < bytes.length) {
        const piece = bytes.subarray(at, at + this.chunkBytes);
        at += piece.length;
        if (!res.write(piece)) {
          res.once('drain', more);
          return;
        }
      }
      res.end();
    };
    more();
    return true;
  }
}
