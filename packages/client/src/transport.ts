import { RequestPacer, sleep } from './pacer.js';
import { BellwetherProblem, BellwetherTransportError, type ProblemDocument } from './problem.js';
import {
  backoffDelayMs,
  RETRY_DEFAULTS,
  RETRYABLE_STATUSES,
  type RetryOptions,
  serverDelayMs,
} from './retry-policy.js';

export interface ClientOptions extends RetryOptions {
  /** Where the API is served, e.g. `http://127.0.0.1:8080` (the `/api/v1` prefix is added). */
  readonly baseUrl: string;
  /** A Bellwether API key (`bw_…`); sent only in the Authorization header. */
  readonly apiKey: string;
  /** Keep this process under 10 requests/second for the key (default true), or a pacer to share. */
  readonly pace?: boolean | RequestPacer;
  /** Per-attempt timeout in ms (default 30 000). */
  readonly timeoutMs?: number;
  /** Defaults to the platform's fetch. */
  readonly fetch?: typeof fetch;
}

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface RequestSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, e.g. `/cards`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Makes a POST safe to retry: the server answers a repeat with the first result. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** Per-attempt timeout in ms for this request; 0 for none (long streams, which `signal` can still end). */
  readonly timeoutMs?: number;
}

export interface ApiResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON; undefined for 304 and empty bodies. */
  readonly body: T | undefined;
  /** The raw response when the caller asked to stream it (see `stream`). */
  readonly response: Response;
}

const TERMINAL_DEFAULTS = { timeoutMs: 30_000 };

/**
 * The options a client cannot work without, checked where they are given (JavaScript callers and `{}`
 * pass the type checker): a TypeError that says which option is missing or wrong and what it should be,
 * instead of one from deep inside a request.
 */
function checkOptions(options: ClientOptions | undefined): void {
  const o = (options ?? {}) as Partial<Record<keyof ClientOptions, unknown>>;
  if (typeof o.baseUrl !== 'string' || o.baseUrl.trim() === '')
    throw new TypeError(
      "Bellwether: options.baseUrl is missing: give the server's address, e.g. new Bellwether({ baseUrl: 'http://127.0.0.1:8080', apiKey })",
    );
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new TypeError(
      `Bellwether: options.baseUrl ${JSON.stringify(o.baseUrl)} is not an absolute URL, e.g. 'http://127.0.0.1:8080'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`Bellwether: options.baseUrl must be an http: or https: URL, not ${url.protocol}`);
  if (typeof o.apiKey !== 'string' || o.apiKey.trim() === '')
    throw new TypeError(
      'Bellwether: options.apiKey is missing: give an API key (bw_…), from the dashboard or `bellwether keys create`',
    );
}

/** One HTTP exchange with the API, with pacing, per-attempt timeouts and safe retries. */
export class Transport {
  private readonly retry: Required<RetryOptions>;
  private readonly pacer: RequestPacer | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly root: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: ClientOptions) {
    checkOptions(options);
    this.retry = {
      maxRetries: options.maxRetries ?? RETRY_DEFAULTS.maxRetries,
      baseDelayMs: options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs,
      maxServerDelayMs: options.maxServerDelayMs ?? RETRY_DEFAULTS.maxServerDelayMs,
    };
    this.pacer =
      options.pace instanceof RequestPacer
        ? options.pace
        : options.pace === false
          ? undefined
          : new RequestPacer();
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.root = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
    this.timeoutMs = options.timeoutMs ?? TERMINAL_DEFAULTS.timeoutMs;
  }

  url(path: string, query?: Readonly<Record<string, QueryValue>>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      params.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    const qs = params.toString();
    return `${this.root}${path}${qs === '' ? '' : `?${qs}`}`;
  }

  /** Sends the request; resolves with a 2xx/304 answer, rejects with a BellwetherProblem otherwise. */
  async send<T>(spec: RequestSpec, stream = false): Promise<ApiResponse<T>> {
    // POSTs are retried only when an Idempotency-Key makes a repeat harmless.
    // PATCH here sets fields to given values: repeating it changes nothing more (RFC 9110 would not
    // promise that of every PATCH; this API's are idempotent). PUT replaces with the values given:
    // idempotent by definition (RFC 9110 §9.2.2).
    const retryable = spec.method !== 'POST' || spec.idempotencyKey !== undefined;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...spec.headers,
      authorization: `Bearer ${this.options.apiKey}`,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
    const url = this.url(spec.path, spec.query);
    for (let attempt = 0; ; attempt++) {
      const answered = await this.pacer?.acquire(spec.signal);
      let response: Response;
      try {
        const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
        const signals = [
          ...(spec.signal === undefined ? [] : [spec.signal]),
          ...(timeoutMs > 0 ? [AbortSignal.timeout(timeoutMs)] : []),
        ];
        const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
        response = await this.fetchImpl(url, {
          method: spec.method,
          headers,
          ...(signal === undefined ? {} : { signal }),
          ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        });
      } catch (cause) {
        answered?.();
        spec.signal?.throwIfAborted();
        if (retryable && attempt < this.retry.maxRetries) {
          await sleep(backoffDelayMs(attempt, undefined, this.retry), spec.signal);
          continue;
        }
        throw new BellwetherTransportError(`${spec.method} ${url} failed: ${String(cause)}`, { cause });
      }
      answered?.();
      if (response.ok || response.status === 304) {
        if (stream) return { status: response.status, headers: response.headers, body: undefined, response };
        return {
          status: response.status,
          headers: response.headers,
          body: await readJson<T>(response),
          response,
        };
      }
      const hint = serverDelayMs(response.headers);
      const problem = await readProblem(response, hint);
      if (
        retryable &&
        RETRYABLE_STATUSES.has(response.status) &&
        attempt < this.retry.maxRetries &&
        (hint ?? 0) <= this.retry.maxServerDelayMs
      ) {
        await sleep(backoffDelayMs(attempt, hint, this.retry), spec.signal);
        continue;
      }
      throw problem;
    }
  }
}

async function readJson<T>(response: Response): Promise<T | undefined> {
  if (response.status === 204 || response.status === 304) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new BellwetherTransportError(`the answer (${response.status}) is not JSON`, {
      cause,
      status: response.status,
    });
  }
}

async function readProblem(response: Response, retryAfterMs: number | undefined): Promise<Error> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (isProblem(parsed)) return new BellwetherProblem(parsed, retryAfterMs);
  return new BellwetherTransportError(
    `HTTP ${response.status} without a problem document (a proxy in between?): ${text.slice(0, 200)}`,
    { status: response.status },
  );
}

function isProblem(value: unknown): value is ProblemDocument {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.status === 'number' && typeof v.detail === 'string';
}
