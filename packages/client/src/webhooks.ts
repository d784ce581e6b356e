import type { BodyOf, QueryOf, ResponseOf } from './api-types.js';
import type { Transport } from './transport.js';

type Endpoint = ResponseOf<'/api/v1/webhooks/{endpoint_id}'>;
type Created = ResponseOf<'/api/v1/webhooks', 'post'>;
type Delivery = ResponseOf<'/api/v1/webhooks/{endpoint_id}/test', 'post'>;

const path = (...parts: string[]) => parts.map((p) => `/${encodeURIComponent(p)}`).join('');

/**
 * `webhooks.*`: manage the account's webhook endpoints and read their deliveries. Verify what they
 * receive with `verifyWebhook(headers, body, secret)`; the secret is returned only by `create` and
 * `rotateSecret` — store it then.
 */
export class WebhooksResource {
  constructor(private readonly transport: Transport) {}

  async #call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    p: string,
    options: {
      body?: unknown;
      query?: Record<string, string | number | undefined>;
      signal?: AbortSignal | undefined;
    } = {},
  ): Promise<T> {
    const r = await this.transport.send<T>({
      method,
      path: `/webhooks${p}`,
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.query === undefined ? {} : { query: options.query }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as T;
  }

  /** Registers an endpoint; answers it with its `whsec_` signing secret, shown only this once. */
  create(input: BodyOf<'/api/v1/webhooks'>, signal?: AbortSignal): Promise<Created> {
    return this.#call('POST', '', { body: input, signal });
  }

  async list(signal?: AbortSignal): Promise<Endpoint[]> {
    return (await this.#call<{ data: Endpoint[] }>('GET', '', { signal })).data;
  }

  get(endpointId: string, signal?: AbortSignal): Promise<Endpoint> {
    return this.#call('GET', path(endpointId), { signal });
  }

  /** Changes any of url, description, event_types, enabled. */
  update(
    endpointId: string,
    patch: BodyOf<'/api/v1/webhooks/{endpoint_id}', 'patch'>,
    signal?: AbortSignal,
  ): Promise<Endpoint> {
    return this.#call('PATCH', path(endpointId), { body: patch, signal });
  }

  delete(endpointId: string, signal?: AbortSignal): Promise<{ id: string; deleted: true }> {
    return this.#call('DELETE', path(endpointId), { signal });
  }

  /** A new secret (shown only now); the old one keeps signing beside it for 24 hours. */
  rotateSecret(endpointId: string, signal?: AbortSignal): Promise<Created> {
    return this.#call('POST', path(endpointId, 'rotate-secret'), { signal });
  }

  /** Sends a `webhook.test` event to this endpoint; answers its delivery. */
  test(endpointId: string, signal?: AbortSignal): Promise<Delivery> {
    return this.#call('POST', path(endpointId, 'test'), { signal });
  }

  /** Every delivery of an endpoint, newest first, page by page. */
  async *deliveries(
    endpointId: string,
    query: Omit<QueryOf<'/api/v1/webhooks/{endpoint_id}/deliveries'>, 'cursor'> = {},
    signal?: AbortSignal,
  ): AsyncGenerator<Delivery> {
    for (let cursor: string | undefined; ; ) {
      const page = await this.#call<{ data: Delivery[]; next_cursor: string | null }>(
        'GET',
        path(endpointId, 'deliveries'),
        { query: { ...query, ...(cursor === undefined ? {} : { cursor }) }, signal },
      );
      yield* page.data;
      if (page.next_cursor === null) return;
      cursor = page.next_cursor;
    }
  }

  /** One delivery with every attempt (status, error, what the receiver answered). */
  delivery(
    endpointId: string,
    deliveryId: string,
    signal?: AbortSignal,
  ): Promise<ResponseOf<'/api/v1/webhooks/{endpoint_id}/deliveries/{delivery_id}'>> {
    return this.#call('GET', path(endpointId, 'deliveries', deliveryId), { signal });
  }

  /** Delivers the event again (a new delivery with the same webhook-id). */
  replay(endpointId: string, deliveryId: string, signal?: AbortSignal): Promise<Delivery> {
    return this.#call('POST', path(endpointId, 'deliveries', deliveryId, 'replay'), { signal });
  }
}
