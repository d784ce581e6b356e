import type { QueryValue, RequestSpec, Transport } from './transport.js';

/** Query parameters as the resources pass them. */
export type Query = Readonly<Record<string, QueryValue>>;

/** `/a/b` from path segments, each percent-encoded. */
export const pathOf = (...parts: string[]) => parts.map((p) => `/${encodeURIComponent(p)}`).join('');

/** One request through the transport (retries, back-off, problems), answered with its parsed body. */
export async function sendBody<T>(
  transport: Transport,
  method: RequestSpec['method'],
  path: string,
  options: {
    body?: unknown;
    query?: Query | undefined;
    idempotencyKey?: string;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<T> {
  const r = await transport.send<T>({
    method,
    path,
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.query === undefined ? {} : { query: options.query }),
    ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return r.body as T;
}
