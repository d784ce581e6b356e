/**
 * A private HTTP cache for `/cards` answers, as the API allows ("cards may be cached for 30 minutes"):
 * fresh entries are served without a request; stale ones are revalidated with If-None-Match, and a 304
 * (not billed) renews them. Keyed by the full URL, so each filter combination has its own entry.
 */
export interface CachedBody<T> {
  readonly etag: string;
  readonly body: T;
  readonly freshUntil: number;
}

export class CardsCache<T> {
  private readonly entries = new Map<string, CachedBody<T>>();
  constructor(private readonly now: () => number = Date.now) {}

  fresh(url: string): T | undefined {
    const entry = this.entries.get(url);
    return entry !== undefined && this.now() < entry.freshUntil ? entry.body : undefined;
  }

  etag(url: string): string | undefined {
    return this.entries.get(url)?.etag;
  }

  /** Stores (or, after a 304, renews) an answer according to its Cache-Control and ETag headers. */
  store(url: string, headers: Headers, body: T | undefined): T | undefined {
    const previous = this.entries.get(url);
    const value = body ?? previous?.body;
    const etag = headers.get('etag') ?? previous?.etag;
    const maxAge = maxAgeSeconds(headers.get('cache-control'));
    if (value === undefined || etag === undefined || maxAge === undefined) {
      this.entries.delete(url);
      return value;
    }
    this.entries.set(url, { etag, body: value, freshUntil: this.now() + maxAge * 1000 });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** `max-age` of a Cache-Control header; undefined when the answer must not be stored. */
export function maxAgeSeconds(cacheControl: string | null): number | undefined {
  if (cacheControl === null) return undefined;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.includes('no-store')) return undefined;
  if (directives.includes('no-cache')) return 0;
  const m = directives.map((d) => /^max-age=(\d+)$/.exec(d)).find((x) => x !== null);
  return m === undefined || m === null ? undefined : Number(m[1]);
}
