import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import {
  type ClientRequest,
  type Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { redactUrl } from '../../redact-url.js';
import { checkWebhookUrl, describeForbidden, isForbiddenAddress } from './outbound-address-policy.js';

export interface WebhookRequest {
  /** The registered endpoint; checked again here (scheme, credentials, forbidden literal or name). */
  readonly url: string;
  /** Sent as given (they win over the defaults, compared without case); never echoed in results. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Budget for connect, response headers and the excerpt read together; 15 000 by default. */
  readonly timeoutMs?: number;
  /** Lets loopback and private destinations through (tests, on-premises operators). */
  readonly allowPrivate: boolean;
  /** Resolves the host; `dns.lookup` by default. Tests inject one to stand in for DNS. */
  readonly lookup?: LookupFunction;
  readonly signal?: AbortSignal;
  /**
   * Keep-alive pools to reuse connections (one for http, one for https); without them every attempt opens
   * its own connection. A new connection is still checked by the address policy before it is made.
   */
  readonly agents?: { readonly http: HttpAgent; readonly https: HttpsAgent };
}

/**
 * One delivery attempt as data. `refused`: the policy stopped it before any connection (retrying the
 * same URL is pointless until DNS or the registration changes). `gone`: 410, the receiver wants no
 * more. `error` is short and safe to store and show: it never carries request headers or a query string.
 */
export interface WebhookAttemptResult {
  outcome: 'success' | 'failure' | 'gone' | 'refused';
  status?: number;
  retryAfterMs?: number;
  error?: string;
  durationMs: number;
  responseExcerpt?: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const EXCERPT_BYTES = 4096;
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const USER_AGENT = 'Bellwether-Webhooks/1';

/** The lookup error that marks a refusal, told apart from DNS failures by its class. */
class RefusedAddress extends Error {}
/** An end we chose (timeout, the caller's abort), its message the whole error text. */
class Stopped extends Error {}

/** A URL fit for an error message: no query or fragment, key-shaped path segments redacted. */
function safeUrl(url: URL): string {
  return redactUrl(`${url.origin}${url.pathname}`) + (url.search === '' ? '' : '?…');
}

/** `Retry-After` as delta-seconds or an HTTP-date, capped at 24 h; undefined when it is neither. */
function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isFinite(at) ? Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS) : undefined;
}

/** Socket and DNS error codes in words; anything else is reported by its code. */
const KNOWN_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed temporarily',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
};

/** A short, secret-free text for a failed connection (Node's socket messages carry no URL). */
function connectionError(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  const known = KNOWN_ERRORS[code];
  if (known !== undefined) return `${known} (${code})`;
  // OpenSSL's protocol errors name their cause inside the message; certificate codes say it all.
  if (/CERT|TLS|SSL|EPROTO/.test(code)) {
    const detail = /SSL routines:[^:]*:([^:]{1,100})/.exec(err.message)?.[1];
    return `TLS error (${code}${detail === undefined ? '' : `: ${detail}`})`;
  }
  return code === '' ? `request failed: ${err.message.slice(0, 200)}` : `request failed (${code})`;
}

/** Wraps `lookup` so that every address a host resolves to is judged before Node connects to any. */
function guardedLookup(lookup: LookupFunction, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, found, family) => {
      if (err) return callback(err, '');
      const all: LookupAddress[] =
        typeof found === 'string' ? [{ address: found, family: family ?? isIP(found) }] : found;
      const forbidden = allowPrivate
        ? undefined
        : all.find(({ address }) => isForbiddenAddress(address) !== undefined)?.address;
      if (forbidden !== undefined) {
        const reason = describeForbidden(isForbiddenAddress(forbidden)!);
        return callback(new RefusedAddress(`${hostname} resolves to ${forbidden}, ${reason}`), '');
      }
      if (options.all) return callback(null, all);
      const first = all[0];
      return first === undefined
        ? callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '')
        : callback(null, first.address, first.family);
    });
  };
}

function outcomeOf(status: number): WebhookAttemptResult['outcome'] {
  if (status >= 200 && status < 300) return 'success';
  return status === 410 ? 'gone' : 'failure';
}

/**
 * POSTs one webhook: no redirects followed, no keep-alive, at most 4 KiB of the answer read. Never
 * throws for anything the network or the receiver does; every way it ends is a `WebhookAttemptResult`.
 * Unless `allowPrivate`, a literal IP is judged before connecting and a host name at connect time by
 * every address it resolves to, which a DNS answer that changed since registration cannot slip past.
 */
export async function postWebhook(request: WebhookRequest): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const checked = checkWebhookUrl(request.url, { allowPrivate: request.allowPrivate, requireHttps: false });
  if (!checked.ok) return { outcome: 'refused', error: checked.reason, durationMs: elapsed() };
  const url = checked.url;
  if (request.signal?.aborted) return { outcome: 'failure', error: 'aborted', durationMs: elapsed() };
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const headers: Record<string, string> = {};
  const given = new Set(Object.keys(request.headers).map((name) => name.toLowerCase()));
  if (!given.has('content-type')) headers['content-type'] = 'application/json';
  if (!given.has('user-agent')) headers['user-agent'] = USER_AGENT;
  Object.assign(headers, request.headers);
  headers['content-length'] = String(Buffer.byteLength(request.body));

  return new Promise<WebhookAttemptResult>((resolve) => {
    let req: ClientRequest | undefined;
    let status: number | undefined;
    let settled = false;
    /** The answer was read to its end: its connection may go back to the pool. */
    let complete = false;
    const finish = (result: Omit<WebhookAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (!complete) req?.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const onError = (err: NodeJS.ErrnoException) => {
      if (err instanceof RefusedAddress) return finish({ outcome: 'refused', error: err.message });
      const error = err instanceof Stopped ? err.message : connectionError(err);
      finish({ outcome: 'failure', error, ...(status === undefined ? {} : { status }) });
    };
    const onAbort = () => onError(new Stopped('aborted'));
    const timer = setTimeout(() => onError(new Stopped(`timeout after ${timeoutMs / 1000} s`)), timeoutMs);
    request.signal?.addEventListener('abort', onAbort, { once: true });

    const https = url.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    try {
      req = send(url, {
        method: 'POST',
        headers,
        agent: request.agents === undefined ? false : https ? request.agents.https : request.agents.http,
        lookup: guardedLookup(request.lookup ?? dnsLookup, request.allowPrivate),
      });
    } catch {
      // Node validates header names and values synchronously; the values are secrets, never echoed.
      return finish({ outcome: 'failure', error: 'a request header is not valid HTTP' });
    }
    // `on`, not `once`: a request or response torn down by `finish` may still emit an error.
    req.on('error', onError);
    req.once('response', (res: IncomingMessage) => {
      const answered = res.statusCode ?? 0;
      status = answered;
      const retryAfterMs =
        answered === 429 || answered === 503
          ? parseRetryAfter(res.headers['retry-after'], Date.now())
          : undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
        const result: Omit<WebhookAttemptResult, 'durationMs'> = {
          outcome: outcomeOf(answered),
          status: answered,
        };
        if (bytes.length > 0) result.responseExcerpt = new StringDecoder('utf8').write(bytes);
        if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
        if (answered >= 300 && answered < 400) result.error = redirectError(res.headers.location, url);
        finish(result);
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      // The status is in; a body cut short changes nothing about what the receiver answered.
      res
        .once('end', () => {
          complete = true;
          done();
        })
        .once('close', done)
        .on('error', done);
    });
    req.end(request.body);
  });
}

function redirectError(location: string | undefined, base: URL): string {
  const target =
    location !== undefined && URL.canParse(location, base.href) ? new URL(location, base) : undefined;
  return target === undefined
    ? 'redirect not followed (no valid Location); register the final URL'
    : `redirect to ${safeUrl(target).slice(0, 300)} not followed; register the final URL`;
}
