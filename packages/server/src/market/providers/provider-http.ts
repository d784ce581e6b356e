import { ProviderError } from './provider-error.js';

/** How long one provider request may take, connection to last byte. */
const PROVIDER_TIMEOUT_MS = 30_000;

export interface ProviderResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`); Date.parse alone would read `1.5` or `-5` as dates.
  if (!/^[A-Za-z]{3},? .+ GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The request as it may appear in a message or a log: origin and path, never the query string. */
export function describeRequest(url: URL): string {
  return `GET ${url.origin}${url.pathname}`;
}

/**
 * One GET to a provider, read in full as text. Network failures and timeouts are `unavailable`; a 429
 * is `throttled` (with Retry-After), a 5xx `unavailable`, 401/403 `unauthorized`. Other statuses are
 * returned for the adapter to read (a provider's 404 may mean an unknown symbol).
 */
export async function providerGet(
  provider: string,
  url: URL,
  options: { headers?: Record<string, string>; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ProviderResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { headers: options.headers ?? {}, redirect: 'error', signal });
    text = await res.text();
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    const why = timeout.aborted ? 'timed out' : 'connection failed';
    throw new ProviderError(provider, 'unavailable', `${describeRequest(url)} ${why}`);
  }
  refuseStatus(provider, url, res);
  return { status: res.status, headers: res.headers, text };
}

/** A 429, 5xx, 401 or 403 answer as the ProviderError it means (see providerGet); other statuses pass. */
function refuseStatus(provider: string, url: URL, res: Response): void {
  const where = `${describeRequest(url)} answered ${res.status}`;
  if (res.status === 429)
    throw new ProviderError(provider, 'throttled', where, {
      status: 429,
      ...optionalRetryAfter(retryAfterSeconds(res.headers.get('retry-after'))),
    });
  if (res.status >= 500) throw new ProviderError(provider, 'unavailable', where, { status: res.status });
  if (res.status === 401 || res.status === 403)
    throw new ProviderError(provider, 'unauthorized', where, { status: res.status });
}

/**
 * One GET to a provider whose body is read as it arrives (a multi-megabyte document read with bounded
 * memory): statuses as providerGet reads them; the body of a 200 is returned unread, with the signal
 * that ends it (the caller's, or the timeout, which here bounds connection to last byte as well).
 * Another status is refused as providerGet refuses it, or returned with its body discarded; those in
 * `readBodyOf` are returned with their body.
 */
export async function providerStream(
  provider: string,
  url: URL,
  options: {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    timeoutMs?: number;
    /** Statuses returned with their body for the adapter to read (EDGAR's 403 says why it refused). */
    readBodyOf?: readonly number[];
  } = {},
): Promise<{ readonly status: number; readonly body: ReadableStream<Uint8Array> | null }> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
  let res: Response;
  try {
    res = await fetch(url, { headers: options.headers ?? {}, redirect: 'error', signal });
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    const why = timeout.aborted ? 'timed out' : 'connection failed';
    throw new ProviderError(provider, 'unavailable', `${describeRequest(url)} ${why}`);
  }
  const read = res.status === 200 || options.readBodyOf?.includes(res.status) === true;
  if (!read) {
    await res.body?.cancel();
    refuseStatus(provider, url, res);
  }
  return { status: res.status, body: read ? res.body : null };
}

/** The text of a 200 answer; any other status left for the adapter to read is `unavailable`. */
export function okText(provider: string, url: URL, res: ProviderResponse): string {
  if (res.status !== 200)
    throw new ProviderError(provider, 'unavailable', `${describeRequest(url)} answered ${res.status}`, {
      status: res.status,
    });
  return res.text;
}

/** A 200 answer's JSON body; one that does not parse is `malformed`. */
export function okJson(provider: string, url: URL, res: ProviderResponse): unknown {
  const text = okText(provider, url, res);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not the parser's message: it quotes the body.
    throw new ProviderError(provider, 'malformed', `${describeRequest(url)}: the body is not JSON`);
  }
}

const optionalRetryAfter = (s: number | undefined) => (s === undefined ? {} : { retryAfterSeconds: s });
